import { describe, expect, it } from 'vitest';
import { measureInterleaved, median, medians, tableHead } from './interleave';

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('leaves out runs without a figure, and has none when no run has one', () => {
    expect(median([Number.NaN, 7, 1, Number.NaN, 4])).toBe(4);
    expect(median([Number.NaN])).toBeNaN();
    expect(median([])).toBeNaN();
  });
});

describe('measureInterleaved', () => {
  it('runs every target once before any target runs again, one at a time, every other run in reverse', async () => {
    const order: string[] = [];
    let running = 0;
    const results = await measureInterleaved(
      ['floor', '/', '/about-me'],
      2,
      async (target, run) => {
        running += 1;
        expect(running).toBe(1);
        await new Promise((resolve) => setTimeout(resolve, 1));
        order.push(`${target}#${run}`);
        running -= 1;
        return `${target}@${run}`;
      },
    );
    expect(order).toEqual(['floor#0', '/#0', '/about-me#0', '/about-me#1', '/#1', 'floor#1']);
    expect(results.get('/')).toEqual(['/@0', '/@1']);
    expect([...results.keys()]).toEqual(['floor', '/', '/about-me']);
  });
});

describe('medians', () => {
  it('takes the median of each field over the runs', () => {
    const runs = [
      { fcp: 1, lcp: 9 },
      { fcp: 3, lcp: Number.NaN },
      { fcp: 2, lcp: 5 },
    ];
    expect(medians(runs, ['fcp', 'lcp'])).toEqual({ fcp: 2, lcp: 7 });
  });
});

describe('tableHead', () => {
  it('puts the rule under the header: the labels left, the figures right', () => {
    expect(tableHead('| page | file | FCP |')).toBe('| page | file | FCP |\n| --- | ---: | ---: |');
    expect(tableHead('| page | file | FCP |', 2)).toBe(
      '| page | file | FCP |\n| --- | --- | ---: |',
    );
  });
});
