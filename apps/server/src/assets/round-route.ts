/** A lamp to visit: where it stands (WGS-84), if known. */
export interface Stop {
  assetId: number;
  lng: number | null;
  lat: number | null;
}

/** Great-circle distance in metres. */
export function metres(a: { lng: number; lat: number }, b: { lng: number; lat: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

const placed = (s: Stop): s is Stop & { lng: number; lat: number } => s.lng !== null && s.lat !== null;

/**
 * The visiting order of a round: from the first lamp, always the nearest lamp not yet visited (nearest neighbour),
 * then improved by 2-opt until no swap of two legs shortens the path; lamps without a position come last.
 */
export function routeStops<T extends Stop>(stops: T[]): T[] {
  const withPlace = stops.filter(placed) as Array<T & { lng: number; lat: number }>;
  const without = stops.filter((s) => !placed(s));
  if (withPlace.length < 3) return [...withPlace, ...without];
  const path = [withPlace[0]];
  const left = withPlace.slice(1);
  while (left.length) {
    const last = path[path.length - 1];
    let best = 0;
    for (let i = 1; i < left.length; i++) if (metres(last, left[i]) < metres(last, left[best])) best = i;
    path.push(left.splice(best, 1)[0]);
  }
  for (let improved = true, rounds = 0; improved && rounds < 50; rounds++) {
    improved = false;
    for (let i = 1; i < path.length - 1; i++) {
      for (let k = i + 1; k < path.length; k++) {
        const before = metres(path[i - 1], path[i]) + (k + 1 < path.length ? metres(path[k], path[k + 1]) : 0);
        const after = metres(path[i - 1], path[k]) + (k + 1 < path.length ? metres(path[i], path[k + 1]) : 0);
        if (after + 1e-6 < before) {
          path.splice(i, k - i + 1, ...path.slice(i, k + 1).reverse());
          improved = true;
        }
      }
    }
  }
  return [...path, ...without] as T[];
}
