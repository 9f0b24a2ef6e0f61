import { createHandler } from './handler.ts';
import { settingsFromEnv } from './settings.ts';

Deno.serve(createHandler(settingsFromEnv(Deno.env.toObject())));
