import { describe, expect, it } from 'vitest';
import { resolveVapiConstructor } from './load-vapi';

class FakeVapi {}

describe('resolveVapiConstructor', () => {
  it.each([
    ['the class itself', FakeVapi],
    ['an ES module namespace', { default: FakeVapi }],
    [
      'CommonJS exports wrapped by the bundler',
      { default: { default: FakeVapi, __esModule: true } },
    ],
  ])('finds the constructor in %s', (_what, shape) => {
    expect(resolveVapiConstructor(shape)).toBe(FakeVapi);
  });

  it('throws a clear error when there is none', () => {
    expect(() => resolveVapiConstructor({ default: { nope: 1 } })).toThrow(
      /did not export a constructor/,
    );
  });
});
