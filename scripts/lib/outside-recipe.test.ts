import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LighthouseFigures } from './lighthouse';
import {
  outsideABTable,
  outsideTable,
  pairedAB,
  pairedRatios,
  runOutsideAB,
  summarise,
  type OutsideABResults,
  type OutsideResults,
} from './outside-recipe';
import { OUTSIDE_FLOOR_PATH } from './outside-host';

const run = (lcp: number, overrides: Partial<LighthouseFigures> = {}): LighthouseFigures => ({
  url: 'http://127.0.0.1/',
  scores: { performance: 1, accessibility: 1, bestPractices: 1, seo: 1 },
  fcp: lcp - 10,
  lcp,
  tbt: 20,
  cls: 0,
  totalBytes: 1000,
  lcpInFirstPaint: true,
  failing: [],
  loadedBeforeLcp: [],
  ...overrides,
});

describe('summarise', () => {
  it('takes the median of each figure and score, and counts the runs', () => {
    const figures = summarise([
      run(700),
      run(760, { scores: { performance: 0.99, accessibility: 1, bestPractices: 0.96, seo: 1 } }),
      run(720, { lcpInFirstPaint: false, loadedBeforeLcp: ['http://127.0.0.1/app.js'] }),
    ]);
    expect(figures).toMatchObject({
      lcpMs: 720,
      fcpMs: 710,
      performance: 1,
      bestPractices: 1,
      lcpInFirstPaint: '2/3',
      loadsBeforeLcp: '1/3',
    });
  });
});

describe('pairedRatios', () => {
  it.each([
    {
      // The floor's slow second run meets the page's slow second run: paired, every run is
      // 1.10 or 1.20; the medians alone (770 / 660) would say 1.17.
      name: 'divides each run of the page by the same run of the floor, not median by median',
      page: [726, 880, 770],
      floor: [660, 800, 641.7],
      paired: { median: 1.1, low: 1.1, high: 1.2, atGoal: '2/3' },
    },
    {
      name: 'counts a ratio printed as the goal as at the goal, and leaves out runs without an LCP',
      page: [1150.4, Number.NaN, 1160],
      floor: [1000, 1000, 1000],
      paired: { median: 1.16, low: 1.15, high: 1.16, atGoal: '1/2' },
    },
  ])('$name', ({ page, floor, paired }) => {
    expect(
      pairedRatios(
        page.map((lcp) => run(lcp)),
        floor.map((lcp) => run(lcp)),
      ),
    ).toEqual(paired);
  });

  it('gives nothing when no pair has both figures', () => {
    expect(pairedRatios([run(Number.NaN)], [run(640)])).toBeUndefined();
  });

  it('is given to each page by summarise, and not to the floor', () => {
    expect(summarise([run(736)], [run(640)]).pairedLcp?.median).toBe(1.15);
    expect(summarise([run(640)]).pairedLcp).toBeUndefined();
  });
});

describe('outsideTable', () => {
  const results: OutsideResults = {
    plain: {
      [OUTSIDE_FLOOR_PATH]: summarise([run(640)]),
      '/': summarise([run(736), run(700)], [run(640), run(650)]),
    },
    headers: {
      [OUTSIDE_FLOOR_PATH]: summarise([run(650)]),
      '/': summarise([
        run(780, {
          tbt: 95,
          scores: { performance: 0.98, accessibility: 1, bestPractices: 1, seo: 0.92 },
        }),
      ]),
    },
  };
  const rows = outsideTable(results, 1).split('\n');

  it('gives each page its LCP against the floor of the same host', () => {
    const home = rows.find((row) => row.startsWith('| `/` |'))!;
    expect(home).toContain('| 718 ms | **1.12** | 780 ms | **1.20** |');
    // TBT over the same host's floor: 0 ms plain, 75 ms with the headers.
    expect(home).toContain('| 0 ms, 75 ms |');
  });

  it('gives the run-by-run ratios where they were measured', () => {
    const home = rows.find((row) => row.startsWith('| `/` |'))!;
    // Plain: 736 / 640 = 1.15 and 700 / 650 = 1.08; the host with headers had no floor pairs.
    expect(home).toContain('| 1.11 (1.08-1.15, 2/2); - |');
    const floor = rows.find((row) => row.includes(OUTSIDE_FLOOR_PATH))!;
    expect(floor).toContain('| -; - |');
  });

  it('prints the four Lighthouse scores of both hosts', () => {
    const home = rows.find((row) => row.startsWith('| `/` |'))!;
    expect(home).toMatch(/\| 100\/100\/100\/100; 98\/100\/100\/92 \|$/);
    const floor = rows.find((row) => row.includes(OUTSIDE_FLOOR_PATH))!;
    expect(floor).toContain('| **1.00** |');
  });
});

describe('pairedAB', () => {
  it('pairs run i of B with run i of A, not median with median', () => {
    // A's slow second run meets B's slow second run: B is lower in two pairs of three, though
    // B's median LCP (760) is above A's (740).
    const a = [700, 900, 740].map((lcp, i) => run(lcp, { tbt: [100, 400, 120][i] }));
    const b = [690, 880, 760].map((lcp, i) => run(lcp, { tbt: [60, 300, 130][i] }));
    expect(pairedAB(a, b)).toEqual({
      lcpRatio: { median: 0.986, low: 0.978, high: 1.027 },
      lcpLower: '2/3',
      tbtDifference: { median: -40, low: -100, high: 10 },
      tbtLower: '2/3',
    });
  });

  it('leaves out pairs without an LCP on either side, and gives nothing when none is left', () => {
    const paired = pairedAB([run(700), run(Number.NaN), run(800)], [run(770), run(600)]);
    expect(paired?.lcpRatio).toEqual({ median: 1.1, low: 1.1, high: 1.1 });
    expect(paired?.lcpLower).toBe('0/1');
    expect(pairedAB([run(Number.NaN)], [run(600)])).toBeUndefined();
  });

  it('leaves a pair without a TBT out of the TBT spread only', () => {
    const paired = pairedAB(
      [run(700, { tbt: 100 }), run(700, { tbt: Number.NaN })],
      [run(700, { tbt: 40 }), run(770, { tbt: 90 })],
    );
    expect(paired?.lcpRatio).toEqual({ median: 1.05, low: 1, high: 1.1 });
    expect(paired?.tbtDifference).toEqual({ median: -60, low: -60, high: -60 });
  });
});

describe('outsideABTable', () => {
  const floor = { plain: summarise([run(640)]), headers: summarise([run(650, { tbt: 150 })]) };
  const results: OutsideABResults = {
    floor,
    plain: {
      '/': {
        a: summarise([run(736)], [run(640)]),
        b: summarise([run(704)], [run(640)]),
        paired: pairedAB([run(736)], [run(704)]),
      },
    },
    headers: {
      '/': {
        a: summarise([run(780, { tbt: 300 })], [run(650)]),
        b: summarise([run(780, { tbt: 200 })], [run(650)]),
        paired: pairedAB([run(780, { tbt: 300 })], [run(780, { tbt: 200 })]),
      },
    },
  };
  const rows = outsideABTable(results, 1).split('\n');

  it('gives each host its floor and each page of both sites, B paired with A', () => {
    expect(rows).toHaveLength(6);
    const plain = rows.find((row) => row.startsWith('| `/`, plain host |'))!;
    // 704 / 736 = 0.957; against the floor 1.15 and 1.10; TBT 20 and 20 over a floor of 20.
    expect(plain).toContain('| 736 ms | 704 ms | **0.957 (0.957 to 0.957)** | 1/1 | 1.15; 1.10 |');
    expect(plain).toContain('| 0 ms; 0 ms |');
    const headers = rows.find((row) => row.startsWith('| `/`, with `_headers` |'))!;
    expect(headers).toContain(
      '| 300 ms | 200 ms | **-100 ms (-100 to -100 ms)** | 1/1 | 150 ms; 50 ms |',
    );
    expect(rows.find((row) => row.startsWith('| the floor, with `_headers` |'))).toContain(
      '| 650 ms | - |',
    );
  });
});

describe('runOutsideAB', () => {
  it("measures A and B on each host, each against A's floor, load i of B paired with load i of A", async () => {
    const dirs = await Promise.all(
      ['a', 'b'].map((site) => mkdtemp(join(tmpdir(), `ab-${site}-`))),
    );
    for (const dir of dirs) {
      await writeFile(join(dir, 'index.html'), '<!doctype html><h1>Answer every call</h1>');
      await writeFile(join(dir, '_headers'), '/*\n  X-Content-Type-Options: nosniff\n');
    }
    // A stand-in for Lighthouse that reads the port and path of each load: A plain on 4620,
    // A with `_headers` on 4621, B on 4622 and 4623; B's second run is its slow one.
    const loads: string[] = [];
    const lcpOf: Record<string, number> = { '4620': 700, '4621': 720, '4622': 690, '4623': 800 };
    const lighthouse = (url: string) => {
      const { port, pathname } = new URL(url);
      const nth = loads.filter((load) => load === url).length;
      loads.push(url);
      const floor = pathname === OUTSIDE_FLOOR_PATH;
      return Promise.resolve(
        run(floor ? 600 : lcpOf[port]! + (port === '4622' && nth === 1 ? 100 : 0), {
          tbt: floor ? 10 : Number(port) - 4600,
        }),
      );
    };
    try {
      const results = await runOutsideAB({
        sites: [dirs[0]!, dirs[1]!],
        paths: ['/'],
        runs: 2,
        port: 4620,
        lighthouse,
      });
      // Each host: A's floor and the page of A and of B, twice.
      expect(loads).toHaveLength(12);
      expect(loads.filter((url) => url.includes(OUTSIDE_FLOOR_PATH)).sort()).toEqual([
        `http://127.0.0.1:4620${OUTSIDE_FLOOR_PATH}`,
        `http://127.0.0.1:4620${OUTSIDE_FLOOR_PATH}`,
        `http://127.0.0.1:4621${OUTSIDE_FLOOR_PATH}`,
        `http://127.0.0.1:4621${OUTSIDE_FLOOR_PATH}`,
      ]);
      const plain = results.plain['/']!;
      expect([plain.a.lcpMs, plain.b.lcpMs]).toEqual([700, 740]);
      // Pair by pair: 690 / 700, then 790 / 700; TBT 22 - 20 both times.
      expect(plain.paired).toEqual({
        lcpRatio: { median: 1.057, low: 0.986, high: 1.129 },
        lcpLower: '1/2',
        tbtDifference: { median: 2, low: 2, high: 2 },
        tbtLower: '0/2',
      });
      expect(plain.a.pairedLcp?.median).toBe(1.17);
      const headers = results.headers['/']!;
      expect([headers.a.lcpMs, headers.b.lcpMs, headers.paired?.lcpRatio.median]).toEqual([
        720, 800, 1.111,
      ]);
      expect(results.floor.headers.lcpMs).toBe(600);
    } finally {
      await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
    }
  });
});
