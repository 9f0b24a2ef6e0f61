/**
 * `npm run samples`: speaks each trade's call of src/content/call-samples/scripts.json with
 * espeak-ng (`apt-get install espeak-ng opus-tools`), so "Hear the agent on a real call" works
 * before the owner has recordings: public/samples/<trade>.ogg, .wav (for browsers without Opus)
 * and .vtt, and the timed transcript in src/content/call-samples/<trade>.json. Its output is
 * committed.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const RATE = 8000;
const PAUSE_SECONDS = 0.45;
const VOICES = { assistant: 'en-us+f3', caller: 'en-us+m3' } as const;
type Speaker = keyof typeof VOICES;

const scripts = JSON.parse(readFileSync('src/content/call-samples/scripts.json', 'utf8')) as Record<
  string,
  [Speaker, string][]
>;

/** The 16-bit mono samples of a WAV file espeak-ng wrote, resampled to RATE. */
function samplesOf(file: string): Int16Array {
  const wav = readFileSync(file);
  const rate = wav.readUInt32LE(24);
  const data = wav.indexOf('data', 12);
  const bytes = wav.readUInt32LE(data + 4);
  const source = new Int16Array(
    wav.buffer.slice(wav.byteOffset + data + 8, wav.byteOffset + data + 8 + bytes),
  );
  const out = new Int16Array(Math.floor((source.length * RATE) / rate));
  for (let i = 0; i < out.length; i += 1) out[i] = source[Math.floor((i * rate) / RATE)]!;
  return out;
}

/** 16-bit for the encoder, 8-bit for the fallback (half the bytes). */
function wavFile(samples: Int16Array, bits: 8 | 16): Buffer {
  const bytes = (samples.length * bits) / 8;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + bytes, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE((RATE * bits) / 8, 28);
  header.writeUInt16LE(bits / 8, 32);
  header.writeUInt16LE(bits, 34);
  header.write('data', 36);
  header.writeUInt32LE(bytes, 40);
  const data =
    bits === 16
      ? Buffer.from(samples.buffer)
      : Buffer.from(Uint8Array.from(samples, (sample) => (sample >> 8) + 128));
  return Buffer.concat([header, data]);
}

const work = mkdtempSync(join(tmpdir(), 'samples-'));
try {
  for (const [trade, lines] of Object.entries(scripts)) {
    const parts: Int16Array[] = [];
    const timed: { speaker: Speaker; text: string; start: number }[] = [];
    let length = 0;
    lines.forEach(([speaker, text], index) => {
      const file = join(work, `${trade}-${index}.wav`);
      execFileSync('espeak-ng', ['-v', VOICES[speaker], '-s', '160', '-w', file, text]);
      const spoken = samplesOf(file);
      timed.push({ speaker, text, start: Math.round((length / RATE) * 100) / 100 });
      parts.push(spoken, new Int16Array(Math.round(PAUSE_SECONDS * RATE)));
      length += spoken.length + Math.round(PAUSE_SECONDS * RATE);
    });
    const all = Int16Array.from(parts.flatMap((part) => [...part]));
    const full = join(work, `${trade}.wav`);
    writeFileSync(full, wavFile(all, 16));
    execFileSync('opusenc', [
      '--quiet',
      '--bitrate',
      '16',
      full,
      join('public', 'samples', `${trade}.ogg`),
    ]);
    writeFileSync(join('public', 'samples', `${trade}.wav`), wavFile(all, 8));
    const time = (seconds: number) =>
      new Date(Math.round(seconds * 1000)).toISOString().slice(11, 23);
    const cues = timed.map((line, index) => {
      const end = index + 1 < timed.length ? timed[index + 1]!.start : length / RATE;
      const who = line.speaker === 'assistant' ? 'Agent' : 'Caller';
      return `${time(line.start)} --> ${time(end)}\n<v ${who}>${line.text}`;
    });
    writeFileSync(join('public', 'samples', `${trade}.vtt`), `WEBVTT\n\n${cues.join('\n\n')}\n`);
    writeFileSync(
      join('src', 'content', 'call-samples', `${trade}.json`),
      `${JSON.stringify({ durationSeconds: Math.round((length / RATE) * 10) / 10, lines: timed }, null, 2)}\n`,
    );
    console.log(`${trade}: ${(length / RATE).toFixed(1)} s, ${lines.length} lines`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
