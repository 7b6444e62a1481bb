import { describe, expect, it } from 'vitest';
import { boundsOf, centreOf, frameOf, modelKind, screenSpaceError, tileAt, tileUrl } from '@/components/PlantMap3D/frame';
import { helmetIcon } from '@/components/PlantMap3D/helmet';

describe('3D map settings as the map reads them', () => {
  it('puts the plant frame at modelPoint, with its offsets and scale', () => {
    const f = frameOf({ centralPoint: [118.8, 32.27], modelPoint: { lng: 118.81, lat: 32.28, alt: 12, x: 5, y: -3, z: 1, scale: 2 } });
    expect(f).toEqual({ lng: 118.81, lat: 32.28, alt: 12, offset: [5, -3, 1], scale: 2 });
  });

  it('falls back to the centre point without a model position, and has no frame without either', () => {
    expect(frameOf({ centralPoint: [118.8, 32.27], modelPoint: { lng: 0, lat: 0 } })).toEqual({
      lng: 118.8,
      lat: 32.27,
      alt: 0,
      offset: [0, 0, 0],
      scale: 1,
    });
    expect(frameOf({ centralPoint: [0, 0] })).toBeUndefined();
    expect(frameOf(undefined)).toBeUndefined();
    expect(centreOf({ centralPoint: [1] })).toBeUndefined();
  });

  it('a non-positive scale is 1', () => {
    expect(frameOf({ modelPoint: { lng: 1, lat: 1, scale: 0 } })?.scale).toBe(1);
    expect(frameOf({ modelPoint: { lng: 1, lat: 1, scale: -2 } })?.scale).toBe(1);
  });

  it('tells 3D Tiles from glTF by the URL', () => {
    expect(modelKind('/map/model/tileset.json')).toBe('tileset');
    expect(modelKind('/m/plant.GLB?v=2')).toBe('gltf');
    expect(modelKind('/m/plant.gltf')).toBe('gltf');
    expect(modelKind('/m/plant.obj')).toBeUndefined();
    expect(modelKind('')).toBeUndefined();
  });

  it('modelAccuracy is the maximum screen-space error, 16 by default, within 1-256', () => {
    expect(screenSpaceError(24)).toBe(24);
    expect(screenSpaceError(undefined)).toBe(16);
    expect(screenSpaceError(0)).toBe(16);
    expect(screenSpaceError(1000)).toBe(256);
    expect(screenSpaceError(0.5)).toBe(1);
  });

  it('bounds a boundary ring, and finds the XYZ tile of a point', () => {
    expect(
      boundsOf([
        { lng: 1, lat: 2 },
        { lng: 3, lat: 1 },
        { lng: 2, lat: 4 },
      ]),
    ).toEqual([1, 1, 3, 4]);
    expect(boundsOf([{ lng: 1, lat: 2 }])).toBeUndefined();
    expect(tileAt(0, 0, 1)).toEqual([1, 1]);
    expect(tileAt(-179.9, 85, 2)).toEqual([0, 0]);
    expect(tileUrl('/map/tiles/{z}/{x}/{y}.png', 16, 3, 4)).toBe('/map/tiles/16/3/4.png');
  });
});

describe('helmet icons', () => {
  it('are coloured by person type, red on SOS, and cached', () => {
    const blue = helmetIcon('#1677ff');
    expect(blue.startsWith('data:image/svg+xml')).toBe(true);
    expect(decodeURIComponent(blue)).toContain('#1677ff');
    expect(decodeURIComponent(helmetIcon('#1677ff', { sos: true }))).toContain('#f5222d');
    expect(helmetIcon('#1677ff')).toBe(blue);
  });
});
