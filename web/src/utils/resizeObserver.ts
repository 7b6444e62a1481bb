/**
 * Stands in for the resize-observer-polyfill package (aliased in .umirc.ts): rc-resize-observer,
 * under antd's Tooltip, Form and tables, imports it; every browser the build targets (Chrome and
 * Edge 90, Firefox 90, Safari 14) has ResizeObserver, so the polyfill's 33 KB stay out of /login.
 */
export default globalThis.ResizeObserver;
