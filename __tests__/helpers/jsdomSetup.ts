import { TextDecoder, TextEncoder } from 'node:util';
import '@testing-library/jest-dom/jest-globals';

// jsdom lacks the encoders that react-router and WebCrypto code use.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom has no CSS.supports, which Highcharts asks on load.
const css = ((globalThis as { CSS?: Record<string, unknown> }).CSS ??= {});
css.supports ??= () => false;

// jsdom lays nothing out, so it has no scrollIntoView ('Ir a la primera sin contestar' calls it); scrolling does nothing there.
if (typeof Element !== 'undefined') Element.prototype.scrollIntoView ??= function scrollIntoView() {};
