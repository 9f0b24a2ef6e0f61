import { describe, expect, it } from 'vitest';
import { isRecordingFailure } from './lighthouse';

describe('isRecordingFailure', () => {
  it('repeats runs that Lighthouse itself failed to record', () => {
    expect(
      isRecordingFailure({
        runtimeError: 'NO_NAVSTART: Something went wrong with recording the trace',
      }),
    ).toBe(true);
    expect(
      isRecordingFailure({ runtimeError: 'NO_TRACING_STARTED: Chrome did not start tracing' }),
    ).toBe(true);
  });

  it('reports everything else: a clean run, or a failure the page caused', () => {
    expect(isRecordingFailure({})).toBe(false);
    expect(isRecordingFailure({ runtimeError: 'NO_FCP: The page did not paint any content' })).toBe(
      false,
    );
    expect(isRecordingFailure({ runtimeError: 'ERRORED_DOCUMENT_REQUEST: status code 500' })).toBe(
      false,
    );
  });
});
