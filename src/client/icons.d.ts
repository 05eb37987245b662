// Single icons imported by path, so that webpack does not parse the package's 2,000-icon index.
declare module 'react-bootstrap-icons/dist/icons/*.js' {
  import type { Icon } from 'react-bootstrap-icons';
  const icon: Icon;
  export default icon;
}
