import { describe, expect, it } from 'vitest';
import { canMatchTogether, longhands, shareLonghand, subjectOf } from './css-cascade';

const compete = (a: string, b: string) =>
  shareLonghand(new Set(longhands(a)), new Set(longhands(b)));

describe('longhands', () => {
  it('expands shorthands and logical properties to the physical longhands they set', () => {
    expect(longhands('margin')).toEqual([
      'margin-top',
      'margin-right',
      'margin-bottom',
      'margin-left',
    ]);
    expect(longhands('padding-inline')).toEqual([
      'padding-top',
      'padding-right',
      'padding-bottom',
      'padding-left',
    ]);
    expect(longhands('inset-block-start')).toEqual(['top', 'right', 'bottom', 'left']);
    expect(longhands('border-color')).toContain('border-left-color');
    expect(longhands('-webkit-text-size-adjust')).toEqual(['text-size-adjust']);
    expect(longhands('word-wrap')).toEqual(['overflow-wrap']);
    expect(longhands('--tw-shadow')).toEqual(['--tw-shadow']);
  });

  it('finds the pairs whose order decides, and only those', () => {
    expect(compete('margin', 'margin-top')).toBe(true);
    expect(compete('padding-inline', 'padding-left')).toBe(true);
    expect(compete('inset', 'left')).toBe(true);
    expect(compete('font', 'line-height')).toBe(true);
    expect(compete('white-space', 'text-wrap')).toBe(true);
    expect(compete('gap', 'column-gap')).toBe(true);
    expect(compete('place-items', 'align-items')).toBe(true);
    expect(compete('border', 'border-top-color')).toBe(true);
    expect(compete('border-width', 'border-top')).toBe(true);
    expect(compete('width', 'inline-size')).toBe(true);
    expect(compete('all', 'color')).toBe(true);
    expect(compete('--a', '--a')).toBe(true);

    expect(compete('margin-top', 'margin-bottom')).toBe(false);
    expect(compete('border-radius', 'border-color')).toBe(false);
    expect(compete('width', 'max-width')).toBe(false);
    expect(compete('left', 'top')).toBe(false);
    // A logical side can be any physical one: the writing mode decides.
    expect(compete('margin-block', 'margin-right')).toBe(true);
    expect(compete('padding-inline-start', 'padding-top')).toBe(true);
    expect(compete('--a', '--b')).toBe(false);
  });
});

describe('subjectOf', () => {
  const subject = (selector: string) => {
    const { type, pseudoElement, key, keyed } = subjectOf(selector);
    return { type, pseudoElement, key, keyed };
  };

  it('reads the last compound: its type, its pseudo-element, what it names', () => {
    expect(subject('.a')).toEqual({ type: '*', pseudoElement: '', key: '.a', keyed: true });
    expect(subject('ul > li.b[x]:hover')).toEqual({
      type: 'li',
      pseudoElement: '',
      key: 'li.b[x]',
      keyed: true,
    });
    expect(subject('.a .b::before')).toEqual({
      type: '*',
      pseudoElement: 'before',
      key: '.b',
      keyed: true,
    });
    expect(subject('.a:after').pseudoElement).toBe('after');
    expect(subject('input::placeholder')).toEqual({
      type: 'input',
      pseudoElement: 'placeholder',
      key: 'input',
      keyed: true,
    });
    expect(subject('[data-x=a]').key).toBe('[data-x=a]');
    // Escapes and brackets are not combinators or pseudo-classes.
    expect(subject('.md\\:p-4').key).toBe('.md\\:p-4');
    expect(subject('.a:not(.b .c)').key).toBe('.a');
    expect(subject('[data-x="a b"]').key).toBe('[data-x="a b"]');
    // An escape ends after up to six hex digits and one space; a quoted `(` is text.
    expect(subject('.\\32 xl\\:p-4')).toEqual({
      type: '*',
      pseudoElement: '',
      key: '.\\32 xl\\:p-4',
      keyed: true,
    });
    expect(subject('[data-x="("]::before').pseudoElement).toBe('before');
    // A form control's own parts: found by them.
    expect(subject('::placeholder')).toEqual({
      type: '*',
      pseudoElement: 'placeholder',
      key: '',
      keyed: true,
    });
    expect(subject('::-webkit-datetime-edit').keyed).toBe(true);
    // Names nothing: may match any element.
    expect(subject('*').keyed).toBe(false);
    expect(subject(':root').keyed).toBe(false);
    expect(subject(':focus-visible').keyed).toBe(false);
    expect(subject('::backdrop')).toEqual({
      type: '*',
      pseudoElement: 'backdrop',
      key: '',
      keyed: false,
    });
    expect(subject(':where(.space-y-2>:not(:last-child))').keyed).toBe(false);
    expect(subject('.a > *').keyed).toBe(false);
  });

  it('says where the pseudo-element starts, for what goes before it', () => {
    expect(subjectOf('.a .b::before').pseudoElementAt).toBe(5);
    expect(subjectOf('.a .b:hover').pseudoElementAt).toBe(11);
    expect(subjectOf('.c:after').pseudoElementAt).toBe(2);
  });

  it('tells which two can style one thing', () => {
    const together = (a: string, b: string) => canMatchTogether(subjectOf(a), subjectOf(b));
    expect(together('.a', '.b:hover')).toBe(true);
    expect(together('img', '.a')).toBe(true);
    expect(together('.a::before', '.b:before')).toBe(true);
    expect(together('hr', 'img')).toBe(false);
    expect(together('.a', '.a::placeholder')).toBe(false);
    expect(together('.a::before', '.a::after')).toBe(false);
    expect(together('.a::-webkit-input-placeholder', '.b::placeholder')).toBe(true);
  });
});
