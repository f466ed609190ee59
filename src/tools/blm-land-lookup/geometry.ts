// Plane geometry for the lookup: the radius envelope, polygon clipping to it, areas and point-in-polygon (also used by the fake server).

export interface Envelope {
  xmin: number;
  ymin: number;
  xmax: number;
  ymax: number;
}

export type Ring = readonly (readonly number[])[];

/** Kilometres per degree of latitude (and of longitude at the equator), as the domain note fixes it. */
const KM_PER_DEGREE = 111.32;

/**
 * The square around a point that encloses a radius: dLat = r / 111.32, dLon = r / (111.32 cos lat), clamped to
 * valid coordinates. Near the poles cos(lat) is floored so the envelope stays finite.
 */
export function radiusEnvelope(lat: number, lon: number, radiusKm: number): Envelope {
  const dLat = radiusKm / KM_PER_DEGREE;
  const dLon = radiusKm / (KM_PER_DEGREE * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
  return {
    xmin: Math.max(-180, lon - dLon),
    ymin: Math.max(-90, lat - dLat),
    xmax: Math.min(180, lon + dLon),
    ymax: Math.min(90, lat + dLat),
  };
}

/** Shoelace area; positive for counter-clockwise rings, negative for clockwise ones. */
export function signedArea(ring: Ring): number {
  let a = 0;
  for (let i = 0, n = ring.length; i < n; i++) {
    const p = ring[i]!;
    const q = ring[(i + 1) % n]!;
    a += p[0]! * q[1]! - q[0]! * p[1]!;
  }
  return a / 2;
}

type Pt = [number, number];

function clipEdge(points: Pt[], inside: (p: Pt) => boolean, cross: (a: Pt, b: Pt) => Pt): Pt[] {
  const out: Pt[] = [];
  for (let i = 0; i < points.length; i++) {
    const cur = points[i]!;
    const prev = points[(i + points.length - 1) % points.length]!;
    const curIn = inside(cur);
    const prevIn = inside(prev);
    if (curIn) {
      if (!prevIn) out.push(cross(prev, cur));
      out.push(cur);
    } else if (prevIn) {
      out.push(cross(prev, cur));
    }
  }
  return out;
}

/**
 * A ring clipped to a rectangle (Sutherland-Hodgman). The window is convex, so the clipped ring's signed area is
 * exactly the signed area of the ring's part inside it, orientation kept; degenerate edges add nothing.
 */
export function clipRing(ring: Ring, env: Envelope): Pt[] {
  let pts: Pt[] = ring.filter((p) => p.length >= 2 && Number.isFinite(p[0]) && Number.isFinite(p[1])).map((p) => [p[0]!, p[1]!]);
  if (pts.length > 1) {
    const first = pts[0]!;
    const last = pts[pts.length - 1]!;
    if (first[0] === last[0] && first[1] === last[1]) pts = pts.slice(0, -1);
  }
  const atX = (x: number) => (a: Pt, b: Pt): Pt => [x, a[1] + ((b[1] - a[1]) * (x - a[0])) / (b[0] - a[0])];
  const atY = (y: number) => (a: Pt, b: Pt): Pt => [a[0] + ((b[0] - a[0]) * (y - a[1])) / (b[1] - a[1]), y];
  pts = clipEdge(pts, (p) => p[0] >= env.xmin, atX(env.xmin));
  pts = clipEdge(pts, (p) => p[0] <= env.xmax, atX(env.xmax));
  pts = clipEdge(pts, (p) => p[1] >= env.ymin, atY(env.ymin));
  pts = clipEdge(pts, (p) => p[1] <= env.ymax, atY(env.ymax));
  return pts;
}

/**
 * Area of a polygon (outer rings and holes) inside the envelope. Esri rings run clockwise for outer boundaries and
 * counter-clockwise for holes, so the sum of signed areas is the negative area; taking the magnitude per polygon
 * also accepts the opposite (GeoJSON) convention.
 */
export function polygonAreaWithin(rings: readonly Ring[], env: Envelope): number {
  let sum = 0;
  for (const ring of rings) {
    const clipped = clipRing(ring, env);
    if (clipped.length >= 3) sum += signedArea(clipped);
  }
  return Math.abs(sum);
}

export function envelopeArea(env: Envelope): number {
  return Math.max(0, env.xmax - env.xmin) * Math.max(0, env.ymax - env.ymin);
}

/** Even-odd point-in-polygon over every ring, so holes are excluded. */
export function pointInRings(x: number, y: number, rings: readonly Ring[]): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const a = ring[i]!;
      const b = ring[j]!;
      const [xi, yi] = [a[0]!, a[1]!];
      const [xj, yj] = [b[0]!, b[1]!];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/** Whether a polygon touches an envelope: an overlap area, or a degenerate touch on the border. */
export function ringsIntersectEnvelope(rings: readonly Ring[], env: Envelope): boolean {
  if (polygonAreaWithin(rings, env) > 0) return true;
  for (const ring of rings) for (const p of ring) if (p[0]! >= env.xmin && p[0]! <= env.xmax && p[1]! >= env.ymin && p[1]! <= env.ymax) return true;
  return pointInRings(env.xmin, env.ymin, rings);
}
