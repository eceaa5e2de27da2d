/**
 * An independent sun for tests: NOAA's solar calculation spreadsheet (NOAA_Solar_Calculations_day.xls,
 * gml.noaa.gov/grad/solcalc/calcdetails.html), written out column by column from the published
 * formulas. Nothing here is shared with the product's sun (packages/contracts/src/lighting/sun.ts).
 */

const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

/** The spreadsheet's row for one instant (Julian day from the UTC epoch): declination and equation of time. */
function row(epochMs: number) {
  const julianDay = epochMs / 86_400_000 + 2440587.5; // F: date + time - timezone/24, + 2415018.5 in Excel's epoch
  const julianCentury = (julianDay - 2451545) / 36525; // G
  const geomMeanLongSun = (280.46646 + julianCentury * (36000.76983 + julianCentury * 0.0003032)) % 360; // I
  const geomMeanAnomSun = 357.52911 + julianCentury * (35999.05029 - 0.0001537 * julianCentury); // J
  const eccentEarthOrbit = 0.016708634 - julianCentury * (0.000042037 + 0.0000001267 * julianCentury); // K
  const sunEqOfCtr = Math.sin(rad(geomMeanAnomSun)) * (1.914602 - julianCentury * (0.004817 + 0.000014 * julianCentury))
    + Math.sin(rad(2 * geomMeanAnomSun)) * (0.019993 - 0.000101 * julianCentury)
    + Math.sin(rad(3 * geomMeanAnomSun)) * 0.000289; // L
  const sunTrueLong = geomMeanLongSun + sunEqOfCtr; // M
  const sunAppLong = sunTrueLong - 0.00569 - 0.00478 * Math.sin(rad(125.04 - 1934.136 * julianCentury)); // P
  const meanObliqEcliptic = 23 + (26 + (21.448 - julianCentury * (46.815 + julianCentury * (0.00059 - julianCentury * 0.001813))) / 60) / 60; // Q
  const obliqCorr = meanObliqEcliptic + 0.00256 * Math.cos(rad(125.04 - 1934.136 * julianCentury)); // R
  const sunDeclin = deg(Math.asin(Math.sin(rad(obliqCorr)) * Math.sin(rad(sunAppLong)))); // T
  const varY = Math.tan(rad(obliqCorr / 2)) * Math.tan(rad(obliqCorr / 2)); // U
  const eqOfTime = 4 * deg(
    varY * Math.sin(2 * rad(geomMeanLongSun))
    - 2 * eccentEarthOrbit * Math.sin(rad(geomMeanAnomSun))
    + 4 * eccentEarthOrbit * varY * Math.sin(rad(geomMeanAnomSun)) * Math.cos(2 * rad(geomMeanLongSun))
    - 0.5 * varY * varY * Math.sin(4 * rad(geomMeanLongSun))
    - 1.25 * eccentEarthOrbit * eccentEarthOrbit * Math.sin(2 * rad(geomMeanAnomSun)),
  ); // V, minutes
  return { sunDeclin, eqOfTime };
}

/** Solar elevation angle (column AF, degrees, before the refraction correction) at an instant and place. */
export function noaaElevation(epochMs: number, lat: number, lng: number): number {
  const { sunDeclin, eqOfTime } = row(epochMs);
  const minutesUtc = ((epochMs % 86_400_000) + 86_400_000) % 86_400_000 / 60_000;
  const trueSolarTime = (((minutesUtc + eqOfTime + 4 * lng) % 1440) + 1440) % 1440; // AB, with timezone 0
  const hourAngle = trueSolarTime / 4 < 0 ? trueSolarTime / 4 + 180 : trueSolarTime / 4 - 180; // AC
  const zenith = deg(Math.acos(Math.sin(rad(lat)) * Math.sin(rad(sunDeclin)) + Math.cos(rad(lat)) * Math.cos(rad(sunDeclin)) * Math.cos(rad(hourAngle)))); // AD
  return 90 - zenith; // AE
}

/** The spreadsheet's sunrise hour angle (column W, degrees) for a zenith; NaN when the sun does not reach it. */
function haSunrise(lat: number, sunDeclin: number, zenith: number): number {
  return deg(Math.acos(Math.cos(rad(zenith)) / (Math.cos(rad(lat)) * Math.cos(rad(sunDeclin))) - Math.tan(rad(lat)) * Math.tan(rad(sunDeclin))));
}

/**
 * Sunrise and sunset (epoch ms) of a local date whose UTC offset the caller states: the
 * spreadsheet evaluated at local noon, then evaluated again at each event's own time (twice), as
 * NOAA's calculator does; near the polar edges, where the sun grazes the horizon around midnight,
 * it also starts half a day away from noon. Null when the sun does not reach the zenith that half-day.
 * `zenith` 90.833° is sunrise and sunset, 96° civil dawn and dusk.
 */
export function noaaSunTimes(date: string, offsetHours: number, lat: number, lng: number, zenith = 90.833): { sunrise: number | null; sunset: number | null; noon: number } {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`) - offsetHours * 3_600_000;
  const noonAt = (at: number) => midnightUtc + (720 - 4 * lng - row(at).eqOfTime + offsetHours * 60) * 60_000; // X, solar noon in local time
  const localNoon = midnightUtc + 12 * 3_600_000;
  const noon = noonAt(noonAt(localNoon));
  const from = (start: number, sign: -1 | 1) => {
    let at = start;
    for (let pass = 0; pass < 3; pass++) {
      const { sunDeclin } = row(at);
      const ha = haSunrise(lat, sunDeclin, zenith);
      if (Number.isNaN(ha)) return null;
      at = noonAt(at) + sign * ha * 4 * 60_000; // Y, Z: noon ∓ HA × 4 min
    }
    return at;
  };
  const event = (sign: -1 | 1) => from(localNoon, sign) ?? from(noon + sign * 11.5 * 3_600_000, sign);
  return { sunrise: event(-1), sunset: event(1), noon };
}
