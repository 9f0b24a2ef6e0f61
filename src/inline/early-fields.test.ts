import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pressKeys, typeInto } from '@/test/hydrate';
import { installEarlyCapture } from './early-capture';

let uninstall: () => void;
let field: HTMLInputElement;

beforeEach(() => {
  uninstall = installEarlyCapture(window);
  document.body.innerHTML =
    '<input data-early-field="calc" data-max="100" aria-label="rate"><input aria-label="free">';
  field = document.querySelector('[data-early-field]')!;
  field.focus();
});
afterEach(() => {
  uninstall();
  document.body.innerHTML = '';
});

describe('the early capture of fields (the calculator rule before take-over)', () => {
  it('shows only what the rule accepts, keystroke by keystroke, and marks why', () => {
    pressKeys(field, '-5abc');
    expect(field.value).toBe('5');
    expect(field.getAttribute('data-early-refused')).toBe('not-a-number');
    pressKeys(field, '0');
    expect(field.value).toBe('50');
    expect(field.hasAttribute('data-early-refused')).toBe(false);
    pressKeys(field, '1');
    expect(field.value).toBe('50');
    expect(field.getAttribute('data-early-refused')).toBe('above-max');
  });

  it('puts the caret back where it stood when a keystroke in the middle is refused', () => {
    pressKeys(field, '15');
    field.setSelectionRange(1, 1);
    pressKeys(field, 'x');
    expect(field.value).toBe('15');
    expect(field.selectionStart).toBe(1);
    pressKeys(field, '.');
    expect(field.value).toBe('1.5');
  });

  it('leaves a field as it was when a paste breaks the rule', () => {
    typeInto(field, '42');
    typeInto(field, '42e7');
    expect(field.value).toBe('42');
  });

  it('leaves unmarked fields alone, and steps aside once the key is live', () => {
    const free = document.querySelector<HTMLInputElement>('[aria-label="free"]')!;
    pressKeys(free, '-5abc');
    expect(free.value).toBe('-5abc');
    window.__earlyPresses!.live.calc = true;
    pressKeys(field, '-x');
    expect(field.value).toBe('-x');
  });
});
