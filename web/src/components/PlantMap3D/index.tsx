import React, { useEffect, useRef, useState } from 'react';
import { Alert, Spin } from 'antd';
import type * as CesiumNS from 'cesium';
import { useText } from '@/utils/i18nText';
import { loadCesium, type Cesium } from './loadCesium';
import { helmetIcon } from './helmet';
import { alarmIcon, cameraIcon, detectorIcon } from './icons';
import { boundsOf, centreOf, frameOf, modelKind, screenSpaceError, tileAt, tileUrl, type MapConfig, type PlantFrame } from './frame';

export type { MapConfig } from './frame';

/** A person on the map, in the plant's local metres. */
export interface MapPerson {
  id: string;
  name: string;
  x: number;
  y: number;
  colour: string;
  sos?: boolean;
  online?: boolean;
}

/** A zone (risk area) in the plant's local metres, outlined in red; `label` is drawn at its centre. */
export interface MapZone {
  id: string;
  label: string;
  polygon: { x?: number; y?: number }[];
  fill?: string;
}

/** A gas detector (monitoring point) or a camera placed on the map, in the plant's local metres. */
export interface MapMarker {
  id: string;
  name: string;
  x: number;
  y: number;
  /** the icon's colour (a detector's state, a camera's online state) */
  colour: string;
  /** an active alarm: the icon gets a red ring */
  alarm?: boolean;
  /** a second label line (a detector's value and unit) */
  text?: string;
}

/** An active alarm drawn as a red ring where it is (a person's position alarm, for instance). */
export interface MapAlarmMark {
  id: string;
  x: number;
  y: number;
}

/** What a click on the map picked. */
export type MapPick = { kind: 'person' | 'detector' | 'camera'; id: string };

interface Props {
  /** the tenant's map settings (GET /config/config.json) */
  config?: MapConfig;
  zones?: MapZone[];
  people?: MapPerson[];
  detectors?: MapMarker[];
  cameras?: MapMarker[];
  alarms?: MapAlarmMark[];
  selected?: string;
  onPick?: (personId: string) => void;
  /** any picked item (people too); onPick still hears people */
  onPickItem?: (pick: MapPick) => void;
  height?: number | string;
  testId?: string;
}

// Fixed choices of the spec where Cesium has them (see research/monitoring.md section 5).
const LABEL_FONT = '16px "Microsoft YaHei", "PingFang SC", "Noto Sans CJK SC", sans-serif';
const OUTLINE_WIDTH = 4;
const LAYER_ALPHA = 0.6;
const MAX_REQUESTS = 128;
const RETRIES = 5;
const RELOAD_KEY = 'anquan.map3d.renderErrorReloadAt';

interface Scene3D {
  C: Cesium;
  widget: CesiumNS.CesiumWidget;
  zones: CesiumNS.CustomDataSource;
  people: CesiumNS.CustomDataSource;
  detectors: CesiumNS.CustomDataSource;
  cameras: CesiumNS.CustomDataSource;
  alarms: CesiumNS.CustomDataSource;
  overlay: CesiumNS.CustomDataSource;
  handler: CesiumNS.ScreenSpaceEventHandler;
}

/** a URL fetched with 5 retries (the spec's retry count); Cesium's own default is none */
function resource(C: Cesium, url: string) {
  return new C.Resource({ url, retryAttempts: RETRIES, retryCallback: () => true });
}

function enuOf(C: Cesium, f: PlantFrame) {
  return C.Transforms.eastNorthUpToFixedFrame(C.Cartesian3.fromDegrees(f.lng, f.lat, f.alt));
}

function local(C: Cesium, enu: CesiumNS.Matrix4, x: number, y: number, z: number) {
  return C.Matrix4.multiplyByPoint(enu, new C.Cartesian3(x, y, z), new C.Cartesian3());
}

/**
 * The spec reloads the page on a render error (spec 4). A second error within a minute of such a
 * reload does not reload again (a broken GPU would loop): the message stays instead.
 */
function reloadOnRenderError(show: (msg: string) => void) {
  const last = Number(sessionStorage.getItem(RELOAD_KEY) || 0);
  if (Date.now() - last > 60000) {
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
    window.location.reload();
  } else show('三维地图渲染出错,请检查显卡驱动或更换浏览器');
}

/**
 * The plant in 3D (Cesium, offline): the bundled NaturalEarthII globe, the tenant's orthophoto
 * tiles (mapPath) and plant model (mapModelUrl: 3D Tiles or glTF) placed by modelPoint, the plant
 * boundary (areaLocation), zones outlined in red, and people as helmet icons that can be clicked.
 */
const NONE: never[] = [];

/**
 * Adds, moves and removes one layer's billboards (id prefix `<kind>:`) to match the list: the
 * entities are kept across updates so a moving marker does not flicker.
 */
function syncMarkers(
  C: Cesium,
  enu: CesiumNS.Matrix4,
  ds: CesiumNS.CustomDataSource,
  kind: string,
  items: { id: string; x: number; y: number }[],
  look: (it: any) => { image: string; label?: string; size: number; scale?: number; z?: number },
) {
  const ents = ds.entities;
  const seen = new Set<string>();
  ents.suspendEvents();
  for (const it of items) {
    if (!Number.isFinite(it.x) || !Number.isFinite(it.y)) continue;
    const id = `${kind}:${it.id}`;
    seen.add(id);
    const l = look(it);
    const pos = local(C, enu, it.x, it.y, l.z ?? 0.3);
    const e = ents.getById(id);
    if (e) {
      e.position = new C.ConstantPositionProperty(pos);
      e.billboard!.image = new C.ConstantProperty(l.image);
      e.billboard!.scale = new C.ConstantProperty(l.scale ?? 1);
      if (e.label) e.label.text = new C.ConstantProperty(l.label ?? '');
      continue;
    }
    ents.add({
      id,
      position: pos,
      billboard: {
        image: l.image,
        width: l.size,
        height: l.size,
        scale: l.scale ?? 1,
        verticalOrigin: C.VerticalOrigin.BOTTOM,
        disableDepthTestDistance: Number.POSITIVE_INFINITY,
      },
      label:
        l.label === undefined
          ? undefined
          : {
              text: l.label,
              font: LABEL_FONT,
              fillColor: C.Color.WHITE,
              outlineColor: C.Color.BLACK,
              outlineWidth: 3,
              style: C.LabelStyle.FILL_AND_OUTLINE,
              verticalOrigin: C.VerticalOrigin.BOTTOM,
              pixelOffset: new C.Cartesian2(0, -l.size - 4),
              disableDepthTestDistance: Number.POSITIVE_INFINITY,
            },
    });
  }
  for (const e of [...ents.values]) if (!seen.has(e.id)) ents.remove(e);
  ents.resumeEvents();
}

export default function PlantMap3D({
  config,
  zones = NONE,
  people = NONE,
  detectors = NONE,
  cameras = NONE,
  alarms = NONE,
  selected,
  onPick,
  onPickItem,
  height = 520,
  testId,
}: Props) {
  const tt = useText();
  const host = useRef<HTMLDivElement>(null);
  const [scene, setScene] = useState<Scene3D>();
  const [failure, setFailure] = useState<string>();
  const pick = useRef(onPick);
  pick.current = onPick;
  const pickItem = useRef(onPickItem);
  pickItem.current = onPickItem;

  // one Cesium widget per mount
  useEffect(() => {
    let dead = false;
    let made: Scene3D | undefined;
    loadCesium()
      .then((C) => {
        if (dead || !host.current) return;
        C.RequestScheduler.maximumRequests = MAX_REQUESTS;
        // HTTP/1.1 browsers open 6 connections per origin whatever this says; over HTTP/2 it counts
        C.RequestScheduler.maximumRequestsPerServer = MAX_REQUESTS;
        const base = C.ImageryLayer.fromProviderAsync(
          C.TileMapServiceImageryProvider.fromUrl(C.buildModuleUrl('Assets/Textures/NaturalEarthII')),
          {},
        );
        // CesiumWidget, not Viewer: no baseLayerPicker, geocoder or other knockout widgets at all
        // (knockout compiles bindings with new Function, which the gateway's CSP forbids)
        const widget = new C.CesiumWidget(host.current, {
          baseLayer: base,
          requestRenderMode: true,
          maximumRenderTimeChange: Infinity,
          showRenderLoopErrors: false,
          shouldAnimate: false,
        });
        widget.scene.globe.baseColor = C.Color.fromCssColorString('#2b3a4a');
        widget.scene.renderError.addEventListener(() => reloadOnRenderError(setFailure));
        // data-globe="ready" once the globe's first tiles are in (for the browser tests: a flag read
        // between frames flickers, the event does not)
        const el = host.current;
        widget.scene.globe.tileLoadProgressEvent.addEventListener((queued: number) => {
          if (queued === 0) el.dataset.globe = 'ready';
        });
        const zonesDs = new C.CustomDataSource('zones');
        const peopleDs = new C.CustomDataSource('people');
        const overlay = new C.CustomDataSource('overlay');
        const alarmsDs = new C.CustomDataSource('alarms');
        const detectorsDs = new C.CustomDataSource('detectors');
        const camerasDs = new C.CustomDataSource('cameras');
        // added bottom to top: the alarm rings under the icons they ring
        for (const ds of [overlay, zonesDs, alarmsDs, detectorsDs, camerasDs, peopleDs]) void widget.dataSources.add(ds);
        const handler = new C.ScreenSpaceEventHandler(widget.scene.canvas);
        handler.setInputAction((e: { position: CesiumNS.Cartesian2 }) => {
          // the first person, detector or camera under the pointer: an alarm ring or a zone on top
          // of it does not hide it
          for (const hit of widget.scene.drillPick(e.position, 6)) {
            const id: unknown = hit?.id?.id;
            if (typeof id !== 'string') continue;
            const [kind, rest] = [id.slice(0, id.indexOf(':')), id.slice(id.indexOf(':') + 1)];
            if (kind !== 'person' && kind !== 'detector' && kind !== 'camera') continue;
            if (kind === 'person') pick.current?.(rest);
            pickItem.current?.({ kind, id: rest });
            return;
          }
        }, C.ScreenSpaceEventType.LEFT_CLICK);
        // for the browser tests and debugging: the widget behind the canvas
        (host.current as any).cesiumWidget = widget;
        made = {
          C,
          widget,
          zones: zonesDs,
          people: peopleDs,
          detectors: detectorsDs,
          cameras: camerasDs,
          alarms: alarmsDs,
          overlay,
          handler,
        };
        setScene(made);
      })
      .catch((e) => {
        if (!dead) setFailure(e?.message?.includes('WebGL') ? '此浏览器不支持 WebGL,无法显示三维地图' : String(e?.message || e));
      });
    return () => {
      dead = true;
      if (made) {
        made.handler.destroy();
        made.widget.destroy();
      }
    };
  }, []);

  const frame = frameOf(config);
  const frameKey = frame ? JSON.stringify(frame) : '';

  // the settings: orthophoto, model, boundary, light and the first camera view
  useEffect(() => {
    if (!scene || !config) return;
    const { C, widget, overlay } = scene;
    const added: { layer?: CesiumNS.ImageryLayer; model?: CesiumNS.Primitive | CesiumNS.Cesium3DTileset | CesiumNS.Model } = {};
    let dead = false;
    overlay.entities.removeAll();
    const enu = frame && enuOf(C, frame);

    // mapPath: the tenant's orthophoto tiles ({z}/{x}/{y}), at layer opacity 0.6 over the globe,
    // bounded to the plant boundary so tiles are only asked for there. A template whose tiles do
    // not exist (the default before an operator uploads any) is probed once and left out.
    const bounds = boundsOf(config.areaLocation);
    const template = (config.mapPath || '').trim();
    if (template.includes('{z}') && bounds) {
      const [x, y] = tileAt((bounds[0] + bounds[2]) / 2, (bounds[1] + bounds[3]) / 2, 16);
      fetch(tileUrl(template, 16, x, y), { credentials: 'same-origin' })
        .then((r) => {
          if (dead || !r.ok || !(r.headers.get('content-type') || '').startsWith('image/')) return;
          const provider = new C.UrlTemplateImageryProvider({
            url: resource(C, template),
            rectangle: C.Rectangle.fromDegrees(...bounds),
            minimumLevel: 12,
            maximumLevel: 20,
          });
          added.layer = widget.imageryLayers.addImageryProvider(provider);
          added.layer.alpha = LAYER_ALPHA;
          widget.scene.requestRender();
        })
        .catch(() => undefined);
    }

    // areaLocation: the plant boundary (lng/lat), a yellow line
    const ring = (config.areaLocation || []).filter((p) => Number.isFinite(p.lng) && Number.isFinite(p.lat));
    if (ring.length >= 3) {
      overlay.entities.add({
        id: 'boundary',
        polyline: {
          positions: [...ring, ring[0]].map((p) => C.Cartesian3.fromDegrees(p.lng!, p.lat!, (frame?.alt ?? 0) + 0.5)),
          width: 2,
          material: C.Color.YELLOW,
          arcType: C.ArcType.NONE,
        },
      });
    }

    if (enu && frame) {
      // a fixed light from the south-east, so the model reads the same at any hour (the default
      // sun light leaves it black at night)
      const dir = C.Matrix4.multiplyByPointAsVector(enu, new C.Cartesian3(-0.5, 0.7, -1), new C.Cartesian3());
      widget.scene.light = new C.DirectionalLight({ direction: C.Cartesian3.normalize(dir, dir), intensity: 2.5 });

      // modelPoint places the model: the frame, then its offset in metres, then its scale
      const m = C.Matrix4.multiply(enu, C.Matrix4.fromTranslation(new C.Cartesian3(...frame.offset)), new C.Matrix4());
      C.Matrix4.multiplyByUniformScale(m, frame.scale, m);
      const url = (config.mapModelUrl || '').trim();
      const kind = modelKind(url);
      const load =
        kind === 'tileset'
          ? // modelAccuracy is the tileset's maximum screen-space error. The spec's memory (8 GB) and
            // disk cache (10 GB) have no Cesium option a browser can honour: cacheBytes stays at
            // Cesium's 512 MiB, and tiles are cached by the browser's HTTP cache.
            C.Cesium3DTileset.fromUrl(resource(C, url), { maximumScreenSpaceError: screenSpaceError(config.modelAccuracy), modelMatrix: m })
          : kind === 'gltf'
            ? // a single glTF has no levels of detail: modelAccuracy does not apply to it. Its +Y is up
              // and +X east, as in the 3D Tiles content (forwardAxis X).
              C.Model.fromGltfAsync({ url: resource(C, url), modelMatrix: m, forwardAxis: C.Axis.X })
            : undefined;
      load
        ?.then((model) => {
          if (dead) {
            if (!model.isDestroyed()) model.destroy();
            return;
          }
          added.model = widget.scene.primitives.add(model);
          // data-model="ready" once the model's first tiles are drawn (a glTF: once loaded)
          if (model instanceof C.Cesium3DTileset) {
            model.initialTilesLoaded.addEventListener(() => host.current && (host.current.dataset.model = 'ready'));
          } else if (host.current) host.current.dataset.model = 'ready';
          widget.scene.requestRender();
        })
        .catch((e) => console.warn(`3D map: the model ${url} could not be loaded`, e));
    }

    // the first view: over the plant's local frame (zones and model, 400 m around) when there is
    // one, else over the centre point
    const centre = centreOf(config);
    if (enu) {
      const target = local(C, enu, 200, 120, 0);
      widget.camera.lookAt(target, new C.HeadingPitchRange(C.Math.toRadians(10), C.Math.toRadians(-40), 520));
      widget.camera.lookAtTransform(C.Matrix4.IDENTITY);
    } else if (centre) {
      widget.camera.setView({
        destination: C.Cartesian3.fromDegrees(centre[0], centre[1] - 0.012, 900),
        orientation: { heading: 0, pitch: C.Math.toRadians(-40), roll: 0 },
      });
    }
    widget.scene.requestRender();
    return () => {
      dead = true;
      if (added.layer) widget.imageryLayers.remove(added.layer);
      if (added.model) widget.scene.primitives.remove(added.model);
    };
  }, [scene, config]); // eslint-disable-line react-hooks/exhaustive-deps

  // zones: a translucent floor and a red outline of width 4 each. The outline is its own polyline:
  // a polygon's outlineWidth is capped by the GPU's maximumAliasedLineWidth, often 1.
  useEffect(() => {
    if (!scene || !frame) return;
    const { C, widget } = scene;
    const enu = enuOf(C, frame);
    const ds = scene.zones;
    ds.entities.suspendEvents();
    ds.entities.removeAll();
    for (const z of zones) {
      const pts = (z.polygon || []).filter((v) => Number.isFinite(v.x) && Number.isFinite(v.y));
      if (pts.length < 3) continue;
      const floor = pts.map((v) => local(C, enu, v.x!, v.y!, 0.3));
      ds.entities.add({
        id: `zone:${z.id}`,
        polygon: {
          hierarchy: new C.PolygonHierarchy(floor),
          perPositionHeight: true,
          material: C.Color.fromCssColorString(z.fill || '#ff7875').withAlpha(0.35),
        },
      });
      ds.entities.add({
        id: `zone-outline:${z.id}`,
        polyline: {
          positions: [...pts, pts[0]].map((v) => local(C, enu, v.x!, v.y!, 0.5)),
          width: OUTLINE_WIDTH,
          material: C.Color.RED,
          arcType: C.ArcType.NONE,
        },
      });
      const xs = pts.map((v) => v.x!);
      const ys = pts.map((v) => v.y!);
      ds.entities.add({
        id: `zone-label:${z.id}`,
        position: local(C, enu, (Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2, 4),
        label: {
          text: z.label,
          font: LABEL_FONT,
          fillColor: C.Color.WHITE,
          outlineColor: C.Color.BLACK,
          outlineWidth: 3,
          style: C.LabelStyle.FILL_AND_OUTLINE,
          disableDepthTestDistance: Number.POSITIVE_INFINITY,
        },
      });
    }
    ds.entities.resumeEvents();
    widget.scene.requestRender();
  }, [scene, frameKey, zones]); // eslint-disable-line react-hooks/exhaustive-deps

  // people: added, moved and removed as the stream reports them
  useEffect(() => {
    if (!scene || !frame) return;
    const { C, widget } = scene;
    const enu = enuOf(C, frame);
    const ents = scene.people.entities;
    const seen = new Set<string>();
    ents.suspendEvents();
    for (const p of people) {
      if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) continue;
      const id = `person:${p.id}`;
      seen.add(id);
      const pos = local(C, enu, p.x, p.y, 0.3);
      const image = helmetIcon(p.colour, { sos: p.sos, offline: p.online === false });
      const scale = p.id === selected ? 1.4 : 1;
      const e = ents.getById(id);
      if (e) {
        e.position = new C.ConstantPositionProperty(pos);
        e.billboard!.image = new C.ConstantProperty(image);
        e.billboard!.scale = new C.ConstantProperty(scale);
        e.label!.text = new C.ConstantProperty(p.name);
        continue;
      }
      ents.add({
        id,
        name: p.name,
        position: pos,
        billboard: {
          image,
          width: 36,
          height: 36,
          scale,
          verticalOrigin: C.VerticalOrigin.BOTTOM,
          disableDepthTestDistance: Number.POSITIVE_INFINITY,
        },
        label: {
          text: p.name,
          font: LABEL_FONT,
          fillColor: C.Color.WHITE,
          outlineColor: C.Color.BLACK,
          outlineWidth: 3,
          style: C.LabelStyle.FILL_AND_OUTLINE,
          verticalOrigin: C.VerticalOrigin.BOTTOM,
          pixelOffset: new C.Cartesian2(0, -40),
          disableDepthTestDistance: Number.POSITIVE_INFINITY,
        },
      });
    }
    for (const e of [...ents.values]) if (!seen.has(e.id)) ents.remove(e);
    ents.resumeEvents();
    widget.scene.requestRender();
  }, [scene, frameKey, people, selected]); // eslint-disable-line react-hooks/exhaustive-deps

  // detectors, cameras and alarm rings: the same billboards, kept in step with their lists
  useEffect(() => {
    if (!scene || !frame) return;
    const { C, widget } = scene;
    const enu = enuOf(C, frame);
    const marker = (kind: 'detector' | 'camera') => (m: MapMarker) => ({
      image: kind === 'detector' ? detectorIcon(m.colour, m.alarm) : cameraIcon(m.colour, m.alarm),
      label: m.text ? `${m.name}\n${m.text}` : m.name,
      size: 34,
      scale: m.id === selected ? 1.4 : 1,
    });
    syncMarkers(C, enu, scene.detectors, 'detector', detectors, marker('detector'));
    syncMarkers(C, enu, scene.cameras, 'camera', cameras, marker('camera'));
    syncMarkers(C, enu, scene.alarms, 'alarm', alarms, () => ({ image: alarmIcon(), size: 56, z: 0.2 }));
    widget.scene.requestRender();
  }, [scene, frameKey, detectors, cameras, alarms, selected]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div style={{ position: 'relative', width: '100%', height, minHeight: 360 }} data-testid={testId}>
      <div ref={host} className="plant-map-3d" style={{ position: 'absolute', inset: 0 }} />
      {!scene && !failure && (
        <Spin style={{ position: 'absolute', left: '50%', top: '50%', transform: 'translate(-50%, -50%)' }} tip={tt('三维地图加载中')}>
          <div style={{ width: 120, height: 60 }} />
        </Spin>
      )}
      {scene && !frame && (
        <Alert
          style={{ position: 'absolute', left: 12, top: 12 }}
          type="info"
          showIcon
          message={tt('未设置地图中心点和模型位置,请在地图设置中填写')}
        />
      )}
      {failure && <Alert style={{ position: 'absolute', left: 12, right: 12, top: 12 }} type="error" showIcon message={tt(failure)} />}
    </div>
  );
}
