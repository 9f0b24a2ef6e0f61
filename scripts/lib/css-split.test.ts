import { describe, expect, it } from 'vitest';
import { splitCss } from './css-split';

/** The rules of a sheet, as text, in order (at-rules around each named in front). */
function rules(css: string): string[] {
  const found: string[] = [];
  const walk = (text: string, around: string) => {
    let depth = 0;
    let start = 0;
    for (let at = 0; at < text.length; at += 1) {
      if (text[at] === '{') depth += 1;
      if (text[at] === '}' && --depth === 0) {
        const rule = text.slice(start, at + 1).trim();
        const head = rule.slice(0, rule.indexOf('{'));
        if (/^@(layer|media|supports)\b/.test(head))
          walk(rule.slice(head.length + 1, -1), `${around}${head} `);
        else found.push(`${around}${rule}`);
        start = at + 1;
      }
      if (text[at] === ';' && depth === 0) start = at + 1;
    }
  };
  walk(css, '');
  return found;
}

describe('splitCss', () => {
  it('puts inline what Beasties kept and late the rest, each rule once, in the whole sheet’s order', () => {
    const whole =
      '.a{color:red}.b{margin:0}@media (min-width:40rem){.a{padding:1px}.c{padding:2px}}';
    const { inline, late } = splitCss(
      whole,
      '.a{color:red}@media (min-width:40rem){.a{padding:1px}}',
    );
    expect(rules(inline)).toEqual(['.a{color:red}', '@media (min-width:40rem) .a{padding:1px}']);
    expect(rules(late)).toEqual(['.b{margin:0}', '@media (min-width:40rem) .c{padding:2px}']);
  });

  it('splits a selector list as Beasties did, and leaves out `:host`, which never matches from the document', () => {
    const { inline, late } = splitCss(
      ':root,:host{--x:1}h1,h4{font-size:inherit}',
      ':root{--x:1}h1{font-size:inherit}',
    );
    expect(rules(inline)).toEqual([':root{--x:1}', 'h1{font-size:inherit}']);
    expect(rules(late)).toEqual(['h4{font-size:inherit}']);
  });

  it('repeats late an inline rule that competes with an earlier late one, so the later one still wins', () => {
    // `.px-4` was left out; `.pl-2` (inline, later) must keep beating it on padding-left.
    const whole =
      '.px-4{padding-inline:1rem}.pl-2{padding-left:.5rem}.rounded{border-radius:1px}.border{border-color:red}';
    const { inline, late } = splitCss(whole, '.pl-2{padding-left:.5rem}.border{border-color:red}');
    expect(rules(inline)).toEqual(['.pl-2{padding-left:.5rem}', '.border{border-color:red}']);
    // Radius and colour are set by different longhands: their order decides nothing.
    // The copy applies where both can: to elements with `.px-4`, which none has yet, so the late
    // sheet's arrival restyles nothing.
    expect(rules(late)).toEqual([
      '.px-4{padding-inline:1rem}',
      '.pl-2:where(.px-4){padding-left:.5rem}',
      '.rounded{border-radius:1px}',
    ]);
  });

  it('repeats late what follows a repeated rule and competes with it', () => {
    const whole = '.p-1{padding:1px}.pt-2{padding-top:2px}.pt-3{padding-top:3px}';
    const { inline, late } = splitCss(whole, '.pt-2{padding-top:2px}.pt-3{padding-top:3px}');
    expect(rules(inline)).toEqual(['.pt-2{padding-top:2px}', '.pt-3{padding-top:3px}']);
    expect(rules(late)).toEqual([
      '.p-1{padding:1px}',
      '.pt-2:where(.p-1){padding-top:2px}',
      '.pt-3:where(.p-1){padding-top:3px}',
    ]);
  });

  it('brings inline the late rules an inline rule that may match any element competes with, and theirs', () => {
    // `:where(.s>*)` cannot come late; `.mt-2` competes with it, and `.m-1` with `.mt-2`.
    const whole =
      '.m-1{margin:1px}.mt-2{margin-top:2px;padding-top:1px}.c{color:red}:where(.s>*){padding-top:3px}';
    const { inline, late } = splitCss(whole, ':where(.s>*){padding-top:3px}');
    expect(rules(inline)).toEqual([
      '.m-1{margin:1px}',
      '.mt-2{margin-top:2px;padding-top:1px}',
      ':where(.s>*){padding-top:3px}',
    ]);
    expect(rules(late)).toEqual(['.c{color:red}']);
  });

  it('narrows a copy before its pseudo-element, to every key the late rules have, or copies it whole', () => {
    const whole =
      'li.a:hover,[data-x]{color:red}.b::placeholder{color:blue}::placeholder{color:green}.c{color:gray}.d::placeholder{color:black}';
    const { late } = splitCss(whole, '.c{color:gray}.d::placeholder{color:black}');
    expect(rules(late)).toEqual([
      'li.a:hover,[data-x]{color:red}',
      '.b::placeholder{color:blue}',
      '::placeholder{color:green}',
      '.c:where(li.a,[data-x]){color:gray}',
      // `::placeholder` names nothing to narrow to: the copy is whole.
      '.d::placeholder{color:black}',
    ]);
  });

  it('leaves late what cannot style the same thing as the later inline rule', () => {
    const whole =
      '.a::placeholder{color:red}.b{color:blue}hr{margin:0}img{margin:1px}.after{color:red}';
    const { late } = splitCss(whole, '.b{color:blue}img{margin:1px}');
    expect(rules(late)).toEqual([
      '.a::placeholder{color:red}',
      'hr{margin:0}',
      '.after{color:red}',
    ]);
  });

  it('orders only within a cascade layer, and names every layer first in the whole sheet’s order', () => {
    const whole =
      '@layer base,components,utilities;@layer base{.x{color:red}}@layer utilities{.y{color:blue}}';
    const { inline, late } = splitCss(whole, '@layer utilities{.y{color:blue}}');
    // `.x` comes first, but in an earlier layer: the later layer wins wherever it sits.
    expect(inline.startsWith('@layer base,components,utilities;')).toBe(true);
    expect(rules(inline)).toEqual(['@layer utilities .y{color:blue}']);
    expect(rules(late)).toEqual(['@layer base .x{color:red}']);
  });

  it('keeps inline a rule that could match any element: its arrival would restyle every one', () => {
    const { inline, late } = splitCss(
      '*,::backdrop{margin:0}:where(.s>:not(:last-child)){margin-top:1px}.z{color:red}',
      '*{margin:0}',
    );
    expect(rules(inline)).toEqual([
      '*,::backdrop{margin:0}',
      ':where(.s>:not(:last-child)){margin-top:1px}',
    ]);
    expect(rules(late)).toEqual(['.z{color:red}']);
  });

  it('sends late only the @property and @keyframes rules the page lacks', () => {
    const whole =
      '@property --a{syntax:"*";inherits:false}@property --b{syntax:"*";inherits:false}@keyframes k{to{opacity:0}}@keyframes spin{to{rotate:1turn}}';
    const { inline, late } = splitCss(
      whole,
      '@property --a{syntax:"*";inherits:false}@keyframes k{to{opacity:0}}',
    );
    expect(inline).toContain('@property --a');
    expect(inline).not.toContain('--b');
    expect(late).toContain('@property --b');
    expect(late).toContain('@keyframes spin');
    expect(late).not.toContain('--a');
    expect(late).not.toContain('@keyframes k');
  });

  it('narrows by an escaped class that starts with a digit, as Tailwind writes `2xl:`', () => {
    const whole = '.\\32 xl\\:text-black{color:black}.dark\\:text-white{color:white}';
    const { late } = splitCss(whole, '.dark\\:text-white{color:white}');
    expect(rules(late)).toEqual([
      '.\\32 xl\\:text-black{color:black}',
      '.dark\\:text-white:where(.\\32 xl\\:text-black){color:white}',
    ]);
  });

  it('writes a copy as a rule of its own, so a selector a browser cannot read drops only itself', () => {
    const whole = '.a,.b{color:red}.c::before{color:blue}';
    const { late } = splitCss(whole, '.a{color:red}.c::before{color:blue}');
    expect(rules(late)).toEqual(['.b{color:red}']);
    const { late: copied } = splitCss(
      '.x::before{color:red}.c::before{color:blue}',
      '.c::before{color:blue}',
    );
    expect(rules(copied)).toEqual(['.x::before{color:red}', '.c:where(.x)::before{color:blue}']);
  });

  it('keeps inline both of two @keyframes of one name: the later wins, wherever it is', () => {
    const { inline, late } = splitCss(
      '@keyframes k{to{opacity:0}}@keyframes k{to{opacity:.5}}.a{color:red}',
      '@keyframes k{to{opacity:0}}',
    );
    expect(inline).toContain('opacity:.5');
    expect(late).not.toContain('@keyframes');
  });

  it('refuses a sheet with an unnamed cascade layer, whose halves would be two layers', () => {
    expect(() =>
      splitCss('@layer{.x{color:red}}@layer a{.z{color:green}}', '@layer a{.z{color:green}}'),
    ).toThrow(/unnamed cascade layer/);
  });

  it('matches Beasties’ text to the whole sheet whatever the spacing', () => {
    const { late } = splitCss('.a > .b{color:red}.c{color:blue}', '.a>.b{color: red}');
    expect(rules(late)).toEqual(['.c{color:blue}']);
  });
});
