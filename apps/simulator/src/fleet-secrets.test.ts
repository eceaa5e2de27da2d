import { describe, expect, it } from 'vitest';
import { parseCli } from './cli-args.js';
import { derivedTerminalSecret } from './derived-secret.js';
import { Fleet } from './fleet.js';
import { terminalConfigs } from './fleet-spec.js';
import { parseTerminalsFile } from './terminals-file.js';
import { startBroker } from './test-support/broker.js';

const CSV = `sn,family,model,secret,lat,lng
FILE0001,rdcsm,1,s3cret-one,31.2,121.4
"FILE0002",rdc4m,2,"s3cret-two",,
FILE0003,,,s3cret-three,,
`;

describe('terminals file', () => {
  it('reads CSV with a header, in any column order, with quotes and blanks', () => {
    expect(parseTerminalsFile(CSV)).toEqual([
      { sn: 'FILE0001', family: 'rdcsm', model: 1, secret: 's3cret-one', lat: 31.2, lng: 121.4 },
      { sn: 'FILE0002', family: 'rdc4m', model: 2, secret: 's3cret-two', lat: undefined, lng: undefined },
      { sn: 'FILE0003', family: undefined, model: undefined, secret: 's3cret-three', lat: undefined, lng: undefined },
    ]);
    expect(parseTerminalsFile('secret,sn\r\nabc,FILE0009\r\n')).toMatchObject([{ sn: 'FILE0009', secret: 'abc' }]);
  });

  it('reads JSON: the answers of terminal/add collected in an array, or a map of sn or family:sn to secret', () => {
    const answers = [{ terminalId: 7, sn: 'JSON0001', family: 'rdcsm', model: 2, name: 'lamp', lng: null, lat: null, secret: 'a1' }];
    expect(parseTerminalsFile(JSON.stringify(answers))).toMatchObject([{ sn: 'JSON0001', family: 'rdcsm', model: 2, secret: 'a1' }]);
    expect(parseTerminalsFile('{"JSON0002": "b2", "rdc4m:JSON0003": "c3"}')).toMatchObject([
      { sn: 'JSON0002', family: undefined, secret: 'b2' },
      { sn: 'JSON0003', family: 'rdc4m', secret: 'c3' },
    ]);
  });

  it('says what is wrong and where', () => {
    expect(() => parseTerminalsFile('serial,secret\nX,y', 'f.csv')).toThrow(/f\.csv: the first line must name the columns/);
    expect(() => parseTerminalsFile('sn,secret\nok-sn-1,a\nbad sn!,b', 'f.csv')).toThrow(/f\.csv line 3: sn must be/);
    expect(() => parseTerminalsFile('sn,family\nFILE0001,rdc9x', 'f.csv')).toThrow(/family must be rdcsm or rdc4m/);
    expect(() => parseTerminalsFile('[{"sn": "JSON0001", "model": 3}]', 'f.json')).toThrow(/f\.json \[0\]: model must be 1 or 2/);
    expect(() => parseTerminalsFile('{"JSON0001": ""}', 'f.json')).toThrow(/secret must be a non-empty string/);
    expect(() => parseTerminalsFile('sn\nFILE0001\nFILE0001', 'f.csv')).toThrow(/FILE0001 is listed twice/);
    expect(() => parseTerminalsFile('sn,secret\n', 'f.csv')).toThrow(/no terminals/);
    expect(() => parseTerminalsFile('[{"sn": ', 'f.json')).toThrow(/not valid JSON/);
  });
});

describe('fleet secrets from the command line', () => {
  const readTerminals = () => parseTerminalsFile(CSV);

  it('--secrets runs the terminals of the file, each with its own secret; --terminals takes the first of them', () => {
    const all = terminalConfigs(parseCli(['--secrets', 'fleet.csv'], { readTerminals, env: {} }).spec);
    expect(all.map((c) => [c.sn, c.family, c.model, c.secret])).toEqual([
      ['FILE0001', 'rdcsm', 1, 's3cret-one'],
      ['FILE0002', 'rdc4m', 2, 's3cret-two'],
      ['FILE0003', 'rdc4m', 2, 's3cret-three'],
    ]);
    expect(all[0]).toMatchObject({ lat: 31.2, lng: 121.4 });
    const two = terminalConfigs(parseCli(['--secrets', 'fleet.csv', '--terminals', '2', '--family', 'rdcsm'], { readTerminals, env: {} }).spec);
    expect(two.map((c) => [c.sn, c.family])).toEqual([['FILE0001', 'rdcsm'], ['FILE0002', 'rdc4m']]);
  });

  it('--derive-secret derives each secret as the server derives its demo terminals’ (HMAC-SHA256 of family:sn)', () => {
    // The server seeds DEMO-SM-001 with this secret when DEMO_DEVICE_SECRET is left at its default.
    expect(derivedTerminalSecret('sl-demo-fleet', 'rdcsm', 'DEMO-SM-001')).toBe('Kw82Sa-mdwT0RrUuNaJZDUXAA1XtNgoyPFHsL8Ly8Fs');
    const configs = terminalConfigs(parseCli(['--terminals', '3', '--prefix', 'DRV', '--derive-secret', 'bench-key'], { env: {} }).spec);
    for (const c of configs) expect(c.secret).toBe(derivedTerminalSecret('bench-key', c.family, c.sn));
    expect(new Set(configs.map((c) => c.secret)).size).toBe(3);
    // A file's entry without a secret gets the derived one.
    const mixed = terminalConfigs(parseCli(['--secrets', 'f', '--derive-secret', 'k'], { readTerminals: () => parseTerminalsFile('sn,family\nDRV0009,rdcsm'), env: {} }).spec);
    expect(mixed[0].secret).toBe(derivedTerminalSecret('k', 'rdcsm', 'DRV0009'));
    expect(() => parseCli(['--secret', 'x', '--derive-secret', 'k'], { env: {} })).toThrow(/exclude each other/);
  });

  it('signs every terminal of the file in with its own secret, against a broker that checks them', async () => {
    const passwords = { 'rdcsm:FILE0001': 's3cret-one', 'rdc4m:FILE0002': 's3cret-two', 'rdc4m:FILE0003': 's3cret-three' };
    const broker = await startBroker({ passwords });
    const fleet = new Fleet(parseCli(['--secrets', 'fleet.csv', '--family', 'rdc4m'], { readTerminals, env: {} }).spec, { url: broker.url, reconnectMs: 60_000 });
    try {
      await fleet.start();
      await fleet.waitConnected(3, 10_000);
    } finally {
      await fleet.stop();
      await broker.close();
    }
  });
});
