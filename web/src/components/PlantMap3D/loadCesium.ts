/**
 * Cesium, loaded on demand: the prebuilt Build/Cesium (copied to /cesium/ by the `copy` entry of
 * .umirc.ts) is fetched with a <script> the first time a 3D map mounts, so none of its ~4 MB
 * reaches the other pages' chunks. Only its types come from the npm package. Everything it loads
 * afterwards (workers, NaturalEarthII imagery, widgets.css) comes from the same folder: the map
 * runs offline, with no Cesium ion.
 */
import type * as CesiumNS from 'cesium';

export type Cesium = typeof CesiumNS;

/** where Build/Cesium is served (CESIUM_BASE_URL: Cesium finds its workers and assets from it) */
export const CESIUM_BASE_URL = '/cesium/';

let loading: Promise<Cesium> | undefined;

function append(el: HTMLElement) {
  document.head.appendChild(el);
}

export function loadCesium(): Promise<Cesium> {
  if (loading) return loading;
  loading = new Promise<Cesium>((resolve, reject) => {
    const w = window as any;
    if (w.Cesium) {
      resolve(w.Cesium);
      return;
    }
    w.CESIUM_BASE_URL = CESIUM_BASE_URL;
    // Cesium.js carries its workers as one string (CESIUM_WORKERS) and, when it finds it, starts
    // each worker from a blob: URL that importScripts another blob:, which the gateway's CSP
    // (script-src 'self') refuses. Without it Cesium starts module workers from
    // /cesium/Workers/*.js, same origin. The string is set by Cesium.js itself: the set is ignored.
    Object.defineProperty(w, 'CESIUM_WORKERS', { configurable: true, get: () => undefined, set: () => undefined });
    const css = document.createElement('link');
    css.rel = 'stylesheet';
    css.href = `${CESIUM_BASE_URL}Widgets/widgets.css`;
    append(css);
    const script = document.createElement('script');
    script.src = `${CESIUM_BASE_URL}Cesium.js`;
    script.async = true;
    script.onload = () => (w.Cesium ? resolve(w.Cesium) : reject(new Error('Cesium.js loaded without a Cesium global')));
    script.onerror = () => reject(new Error(`${CESIUM_BASE_URL}Cesium.js could not be loaded`));
    append(script);
  }).catch((e) => {
    loading = undefined; // a later mount may try again
    throw e;
  });
  return loading;
}
