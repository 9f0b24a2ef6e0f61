// "Hear the agent on a real call": one recording per trade, with its transcript.
// SAMPLE AUDIO: the repository ships a short scripted call per trade, voiced offline by a speech
// synthesizer (`npm run samples`, from call-samples/scripts.json). Replace each with a real demo
// call (docs/deploy.md says how, and the consent it needs): the audio in public/samples/ and
// the transcript, with the second each line starts, in call-samples/<trade>.json.
import { site } from '../../site.config';
import homeServices from './call-samples/home-services.json';
import realEstate from './call-samples/real-estate.json';
import solar from './call-samples/solar.json';
import type { TradeSlug } from './trades';

export interface CallSample {
  /** The recording, in the formats browsers pick from (the first they can play). */
  sources: { src: string; type: string }[];
  /** The same transcript as WebVTT captions, for the player's own captions button. */
  captions: string;
  durationSeconds: number;
  /** What was said, and the second each line starts. */
  lines: { speaker: 'assistant' | 'caller'; text: string; start: number }[];
}

/** A transcript file (call-samples/<trade>.json) as written by `npm run samples` or by hand. */
interface TranscriptFile {
  durationSeconds: number;
  lines: { speaker: string; text: string; start: number }[];
}

const sample = (trade: TradeSlug, transcript: TranscriptFile): CallSample => ({
  sources: [
    { src: `/samples/${trade}.ogg`, type: 'audio/ogg; codecs=opus' },
    { src: `/samples/${trade}.wav`, type: 'audio/wav' },
  ],
  captions: `/samples/${trade}.vtt`,
  durationSeconds: transcript.durationSeconds,
  lines: transcript.lines.map((line) => ({
    ...line,
    speaker: line.speaker === 'caller' ? 'caller' : 'assistant',
  })),
});

/** Each trade's transcript; a trade of site.config.ts without one shows no sample. */
const TRANSCRIPTS: Record<string, TranscriptFile> = {
  solar,
  'real-estate': realEstate,
  'home-services': homeServices,
};

/** One per trade of site.config.ts that has a transcript. */
export const callSamples: Partial<Record<TradeSlug, CallSample>> = Object.fromEntries(
  site.trades.flatMap(({ slug }) => {
    const transcript = TRANSCRIPTS[slug];
    return transcript ? [[slug, sample(slug, transcript)]] : [];
  }),
);

export const callSamplesSection = {
  heading: 'Hear the agent on a real call',
  intro: 'Press play to listen, or read along: the line being spoken is marked as it plays.',
  note: 'Sample calls: scripted and voiced by a speech synthesizer, to show the flow.',
  transcriptLabel: (trade: string) => `Transcript of the ${trade} call`,
  captionsLabel: 'English captions',
  speaker: { assistant: 'Agent', caller: 'Caller' },
  length: (seconds: number) =>
    `Length ${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`,
} as const;
