// voice-token: a short-lived Vapi token for one web call (see handler.ts).
import { createHandler } from './handler.ts';
import { settingsFromEnv } from './settings.ts';

Deno.serve(createHandler(settingsFromEnv(Deno.env.toObject())));
