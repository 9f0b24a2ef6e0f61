// chat: every message of "Type instead" in server mode (see handler.ts).
import { createHandler } from './handler.ts';
import { settingsFromEnv } from './settings.ts';

Deno.serve(createHandler(settingsFromEnv(Deno.env.toObject())));
