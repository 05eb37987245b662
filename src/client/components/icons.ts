/** The icons the interface uses (Bootstrap Icons, MIT), each imported on its own. */
export { default as BarChartLine } from 'react-bootstrap-icons/dist/icons/bar-chart-line.js';
export { default as Buildings } from 'react-bootstrap-icons/dist/icons/buildings.js';
export { default as ClipboardCheck } from 'react-bootstrap-icons/dist/icons/clipboard-check.js';
export { default as Diagram3 } from 'react-bootstrap-icons/dist/icons/diagram-3.js';
export { default as Eye } from 'react-bootstrap-icons/dist/icons/eye.js';
export { default as EyeSlash } from 'react-bootstrap-icons/dist/icons/eye-slash.js';
export { default as List } from 'react-bootstrap-icons/dist/icons/list.js';
export { default as PencilSquare } from 'react-bootstrap-icons/dist/icons/pencil-square.js';
export { default as PeopleFill } from 'react-bootstrap-icons/dist/icons/people-fill.js';
