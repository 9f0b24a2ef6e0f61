// Deno tests of the call that follows a lead (lead-call.ts): the variables the agent gets from
// what the visitor typed, and the first words that greet them.
import assert from 'node:assert/strict';
import { CALLBACK_CALL_WORDS, callbackCallOverrides, doNotCallTool } from './callback-call.ts';
import {
  LEAD_MESSAGE_MAX_CHARS,
  leadCallVariables,
  leadFirstName,
  parseLeadFound,
} from './lead-call.ts';

const LEAD = { name: 'Dana Lee', company: 'Lee Roofing', message: 'Need help with missed calls.' };

Deno.test('the variables are the name, the company and the message, as strings', () => {
  assert.deepEqual(leadCallVariables(LEAD), {
    lead_name: 'Dana Lee',
    lead_company: 'Lee Roofing',
    lead_message: 'Need help with missed calls.',
  });
  // No company: '' (never a missing key the prompt would show as {{lead_company}}).
  assert.deepEqual(leadCallVariables({ ...LEAD, company: null }).lead_company, '');
});

Deno.test('control characters go: line breaks and tabs become one space, the rest removed', () => {
  const variables = leadCallVariables({
    name: ' Dana\u0000 Lee\u202e ',
    company: 'Lee\tRoofing\u0007',
    message: 'Line one.\r\n\r\nLine two.\u001b[31m red\u0085end\u2028x\u007f\u009b',
  });
  assert.deepEqual(variables, {
    lead_name: 'Dana Lee',
    lead_company: 'Lee Roofing',
    lead_message: 'Line one. Line two.[31m red end x',
  });
  for (const value of Object.values(variables)) {
    assert.doesNotMatch(value, /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u);
  }
});

Deno.test('the message is cut to 600 characters, between code points', () => {
  const long = 'a'.repeat(1000);
  assert.equal(leadCallVariables({ ...LEAD, message: long }).lead_message.length, 600);
  assert.equal(LEAD_MESSAGE_MAX_CHARS, 600);
  // 599 letters then emoji (two UTF-16 units each): the 600th character is whole, not half.
  const emoji = 'b'.repeat(599) + '😀'.repeat(10);
  const cut = leadCallVariables({ ...LEAD, message: emoji }).lead_message;
  assert.equal(Array.from(cut).length, 600);
  assert.ok(cut.endsWith('b😀'), cut.slice(-4));
  assert.ok(cut.isWellFormed());
  // At the bound: kept whole.
  const exact = '😀'.repeat(600);
  assert.equal(leadCallVariables({ ...LEAD, message: exact }).lead_message, exact);
  // Counted after cleaning: 600 characters with line breaks in them are kept.
  const lines = 'x\n'.repeat(300);
  assert.equal(leadCallVariables({ ...LEAD, message: lines }).lead_message, 'x '.repeat(299) + 'x');
});

Deno.test('the first name is the first word of the name', () => {
  assert.equal(leadFirstName('Dana Lee'), 'Dana');
  assert.equal(leadFirstName('  Dana\n Lee '), 'Dana');
  assert.equal(leadFirstName('Cher'), 'Cher');
});

Deno.test(
  "the first words greet the lead by first name as the business's AI assistant, say why it calls and offer to stop",
  () => {
    const overrides = callbackCallOverrides('Harbor Solar', null, LEAD);
    const first = overrides.firstMessage!;
    assert.equal(first, CALLBACK_CALL_WORDS.opening('Harbor Solar', null, LEAD));
    assert.ok(first.startsWith('Hi Dana, this is the AI assistant for Harbor Solar. '), first);
    assert.match(first, /you just sent us a message on our website and asked for a call/);
    assert.match(first, /If you did not ask, or want no calls from us, just say so/);
    assert.match(first, /never call this number again\.$/);
    // The rest of a callback's overrides, as on every callback.
    assert.equal(overrides.firstMessageMode, 'assistant-speaks-first');
    assert.deepEqual(overrides['tools:append'], [doNotCallTool()]);
    // Without a lead, Call my phone's words, unchanged.
    assert.equal(
      callbackCallOverrides('Harbor Solar').firstMessage,
      'Hi, this is the assistant for Harbor Solar. You asked for a call on our website a moment ago. ' +
        "If you did not ask, or want no calls from us, just say so and I'll end the call and never call this number again.",
    );
  },
);

Deno.test('callback_lead’s answer: found, not found, or a failure', () => {
  assert.deepEqual(parseLeadFound({ found: true, ...LEAD, phone: '+14155552671', extra: 1 }), {
    ...LEAD,
    phone: '+14155552671',
  });
  assert.deepEqual(
    parseLeadFound({ found: true, ...LEAD, company: null, phone: 'x' })?.company,
    null,
  );
  assert.equal(parseLeadFound({ found: false }), null);
  for (const odd of [null, 'found', {}, { found: true }, { found: true, ...LEAD, phone: 1 }]) {
    assert.throws(() => parseLeadFound(odd), JSON.stringify(odd));
  }
});

Deno.test(
  'what hides never reaches the agent: invisible characters go, a look-alike field is empty',
  () => {
    const variables = leadCallVariables({
      name: '\u0405\u0430m Lee',
      company: 'Lee\u034F Roofing\u3164',
      message: 'Call me\u200D back at ｈｏｍｅ',
    });
    assert.deepEqual(variables, {
      lead_name: '',
      lead_company: 'Lee Roofing',
      lead_message: 'Call me back at home',
    });
    // The greeting then names no one.
    const opening = CALLBACK_CALL_WORDS.opening('Acme', null, {
      name: '\u0405\u0430m Lee',
      company: null,
      message: 'x',
    });
    assert.ok(opening.startsWith('Hi, this is the AI assistant for Acme. '), opening);
    assert.equal(leadFirstName('\u3164 Dana'), 'Dana');
  },
);
