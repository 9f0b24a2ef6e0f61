import { latestReport } from '@/lib/pending-report';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COOL_DOWN_MS, createCallGuard, type CallGuard } from './call-guard';
import type { VapiConstructor } from './load-vapi';
import { CONNECT_TIMEOUT_MS } from './use-voice-demo';
import { resetVisit, setVisitEstimate, triedDemoCall, visitId } from '@/lib/visit';
import { VoiceDemo } from './voice-demo';
import { WebCallError } from './web-call';
import { quietConsoleError } from '@/test/quiet-console';
import { twoTrades } from '@/test/trades';

type Listener = (...args: never[]) => void;

/** A stand-in for the Vapi client that records calls and lets the test emit SDK events. */
class FakeVapi {
  static instances: FakeVapi[] = [];
  listeners = new Map<string, Set<Listener>>();
  startCalls: string[] = [];
  stopCalls = 0;
  startResult: Promise<unknown>;
  resolveStart!: (value: unknown) => void;

  constructor(
    readonly publicKey: string,
    readonly apiBaseUrl?: string,
    readonly dailyConfig?: object,
    readonly dailyCallObject?: { audioSource?: boolean },
  ) {
    this.startResult = new Promise((resolve) => (this.resolveStart = resolve));
    FakeVapi.instances.push(this);
  }
  on(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
  }
  removeListener(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
  }
  startOverrides: unknown[] = [];
  start(assistantId: string, overrides?: unknown) {
    this.startCalls.push(assistantId);
    this.startOverrides.push(overrides);
    return this.startResult;
  }
  reconnectCalls: unknown[] = [];
  reconnect(webCall: unknown) {
    this.reconnectCalls.push(webCall);
    return this.startResult;
  }
  async stop() {
    this.stopCalls += 1;
  }
  muted: boolean[] = [];
  setMuted(mute: boolean) {
    this.muted.push(mute);
  }
  /** Daily's call object, as far as a tap to hear the agent uses it. */
  appMessages: unknown[] = [];
  daily = {
    participants: () => ({
      local: { local: true, user_name: 'guest', session_id: 'me', tracks: { audio: {} } },
      agent: {
        local: false,
        user_name: 'Vapi Speaker',
        session_id: 'agent-session',
        tracks: { audio: { persistentTrack: { kind: 'audio' } } },
      },
    }),
    sendAppMessage: (message: unknown) => this.appMessages.push(message),
  };
  getDailyCallObject() {
    return this.daily;
  }
  emit(event: string, ...args: unknown[]) {
    act(() => {
      for (const listener of this.listeners.get(event) ?? [])
        (listener as (...a: unknown[]) => void)(...args);
    });
  }
  /**
   * Listeners that report to the page. (The one on call-start-progress stays until start()
   * settles: it ends a call given up before its call object existed.)
   */
  listenerCount() {
    return [...this.listeners.entries()]
      .filter(([event]) => event !== 'call-start-progress')
      .reduce((n, [, set]) => n + set.size, 0);
  }
}

const CONFIG = {
  auth: 'public-key' as const,
  publicKey: 'pk_test',
  assistantId: 'asst_test',
  maxCallSeconds: 180,
};
/** No pause between calls, for tests about one call; the guard has tests of its own below. */
const NO_GUARD: CallGuard = { begin: () => null, finish: () => undefined };
const loadSdk = () => Promise.resolve(FakeVapi as unknown as VapiConstructor);
const micOk = () => Promise.resolve();
const latest = () => FakeVapi.instances.at(-1)!;

function renderDemo(overrides: Partial<Parameters<typeof VoiceDemo>[0]> = {}) {
  return render(
    <VoiceDemo
      config={CONFIG}
      loadSdk={loadSdk}
      requestMicrophone={micOk}
      guard={NO_GUARD}
      {...overrides}
    />,
  );
}

const idleButton = () => screen.getByRole('button', { name: 'Press here for AI Voice Agent' });

/** Renders the demo and presses its button: the client is made, the call is connecting. */
async function startDemo(overrides: Partial<Parameters<typeof VoiceDemo>[0]> = {}) {
  const user = userEvent.setup();
  renderDemo(overrides);
  await startCall(user);
  return user;
}

async function startCall(user: ReturnType<typeof userEvent.setup>) {
  await user.click(idleButton());
  await vi.waitFor(() => expect(FakeVapi.instances.length).toBeGreaterThan(0));
}

const consoleError = quietConsoleError();
beforeEach(() => {
  FakeVapi.instances = [];
});

describe('VoiceDemo', () => {
  it('walks through every state of the spec with the SDK events', async () => {
    await startDemo();
    const button = screen.getByRole('button', { name: 'Connecting...' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByTestId('voice-spinner')).toBeInTheDocument();
    expect(latest().publicKey).toBe('pk_test');
    // No eval in daily-js, so the CSP can stay without 'unsafe-eval'.
    expect(latest().dailyConfig).toEqual({ avoidEval: true });
    expect(latest().startCalls).toEqual(['asst_test']);

    latest().emit('call-start');
    expect(screen.getByRole('button', { name: 'End Call' })).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('button', { name: 'End Call' }).className).toContain('bg-danger');
    latest().emit('speech-start');
    expect(screen.getByRole('button', { name: 'AI is speaking...' })).toBeInTheDocument();
    latest().emit('volume-level', 0.8);
    expect(screen.getByTestId('voice-level').style.transform).toBe('scale(1.2)');
    latest().emit('speech-end');
    expect(screen.getByRole('button', { name: 'End Call' })).toBeInTheDocument();
    latest().emit('call-end');
    expect(idleButton()).toBeInTheDocument();
    expect(latest().listenerCount()).toBe(0);
  });

  it('shows final transcripts as captions in a polite live region, cleared when the call ends', async () => {
    await startDemo();
    latest().emit('call-start');
    latest().emit('message', {
      type: 'transcript',
      role: 'assistant',
      transcriptType: 'final',
      transcript: 'Hi, how can I help?',
    });
    latest().emit('message', {
      type: 'transcript',
      role: 'user',
      transcriptType: 'partial',
      transcript: 'I ne',
    });
    latest().emit('message', {
      type: 'transcript',
      role: 'user',
      transcriptType: 'final',
      transcript: 'I need a quote.',
    });
    const log = screen.getByRole('log', { name: 'Live captions' });
    expect(log).toHaveAttribute('aria-live', 'polite');
    expect(log).toHaveTextContent('Agent: Hi, how can I help?You: I need a quote.');
    latest().emit('call-end');
    expect(log).toBeEmptyDOMElement();
  });

  it('ends the call with stop() when End Call is pressed', async () => {
    const user = await startDemo();
    latest().emit('call-start');
    await user.click(screen.getByRole('button', { name: 'End Call' }));
    expect(latest().stopCalls).toBe(1);
    expect(idleButton()).toBeInTheDocument();
    expect(latest().listenerCount()).toBe(0);
  });

  it('starts one call for two quick presses, and ignores presses while connecting', async () => {
    const user = userEvent.setup();
    renderDemo();
    const button = idleButton();
    await user.dblClick(button);
    await vi.waitFor(() => expect(FakeVapi.instances).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Connecting...' }));
    expect(FakeVapi.instances).toHaveLength(1);
    expect(latest().startCalls).toHaveLength(1);
  });

  it.each([
    ['NotAllowedError', 'Your browser blocked the microphone.'],
    ['NotFoundError', 'No microphone was found.'],
    ['AbortError', "Couldn't connect to the agent."],
  ])(
    'after a microphone %s it shows the fitting line, logs, and stays idle',
    async (name, line) => {
      const user = userEvent.setup();
      renderDemo({ requestMicrophone: () => Promise.reject(new DOMException('mic', name)) });
      await user.click(idleButton());
      expect(
        await screen.findByText(new RegExp(line.replace(/[.?]/g, '\\$&'))),
      ).toBeInTheDocument();
      expect(idleButton()).toHaveAccessibleDescription(expect.stringContaining(line));
      expect(FakeVapi.instances).toHaveLength(0);
      expect(consoleError()).toHaveBeenCalled();
    },
  );

  it('returns to idle with a connect line when start() resolves null after an error event', async () => {
    await startDemo();
    // What the SDK does when /call/web fails: call-start-failed, error (message may be an object), then null.
    latest().emit('call-start-failed', { error: 'Request failed with status 500' });
    latest().emit('error', { type: 'start-method-error', error: { message: { status: 500 } } });
    await act(async () => latest().resolveStart(null));
    expect(idleButton()).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      "Couldn't connect to the agent. Please try again.",
    );
    expect(consoleError()).toHaveBeenCalledWith(
      'Voice demo error:',
      expect.stringContaining('"status":500'),
    );
    expect(latest().listenerCount()).toBe(0);
  });

  it('returns to idle when start() resolves null with no event, or throws', async () => {
    const user = await startDemo();
    await act(async () => latest().resolveStart(null));
    expect(idleButton()).toBeInTheDocument();
    const thrower = class extends FakeVapi {
      override start(): Promise<unknown> {
        return Promise.reject(new Error('Assistant or Squad or Workflow must be provided.'));
      }
    };
    FakeVapi.instances = [];
    const { unmount } = renderDemo({
      loadSdk: () => Promise.resolve(thrower as unknown as VapiConstructor),
    });
    await user.click(screen.getAllByRole('button', { name: 'Press here for AI Voice Agent' })[1]!);
    await vi.waitFor(() =>
      expect(screen.getAllByText("Couldn't connect to the agent. Please try again.")).toHaveLength(
        2,
      ),
    );
    unmount();
  });

  it('keeps the call going after a non-fatal SDK error, logging it', async () => {
    await startDemo();
    latest().emit('call-start');
    latest().emit('error', {
      type: 'audio-processing-setup-error',
      error: { message: 'KrispInitError' },
    });
    expect(screen.getByRole('button', { name: 'End Call' })).toBeInTheDocument();
    expect(consoleError()).toHaveBeenCalled();
  });

  it('gives up after the connect timeout, logs it, and stops a call that starts late', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderDemo();
    await startCall(user);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS);
    });
    expect(idleButton()).toBeInTheDocument();
    expect(consoleError()).toHaveBeenCalledWith(
      expect.stringContaining('no answer from the voice service'),
    );
    const stopsBefore = latest().stopCalls;
    latest().emit('call-start');
    expect(idleButton()).toBeInTheDocument();
    await act(async () => latest().resolveStart({ id: 'late-call' }));
    expect(latest().stopCalls).toBeGreaterThan(stopsBefore);
  });

  it('clears the visitor line on the next press', async () => {
    const user = userEvent.setup();
    let calls = 0;
    renderDemo({
      requestMicrophone: () =>
        calls++ === 0
          ? Promise.reject(new DOMException('x', 'NotAllowedError'))
          : Promise.resolve(),
    });
    await user.click(idleButton());
    await screen.findByText(/blocked the microphone/);
    await user.click(idleButton());
    expect(screen.queryByText(/blocked the microphone/)).not.toBeInTheDocument();
  });

  it('stops the call and removes every listener on unmount', async () => {
    const user = userEvent.setup();
    const { unmount } = renderDemo();
    await startCall(user);
    latest().emit('call-start');
    expect(latest().listenerCount()).toBeGreaterThan(0);
    unmount();
    expect(latest().stopCalls).toBe(1);
    expect(latest().listenerCount()).toBe(0);
  });

  it('ends the call when the page is left', async () => {
    await startDemo();
    latest().emit('call-start');
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(latest().stopCalls).toBe(1);
  });

  it('loads the SDK on hover or focus, before any press', async () => {
    const user = userEvent.setup();
    const load = vi.fn(loadSdk);
    renderDemo({ loadSdk: load });
    expect(load).not.toHaveBeenCalled();
    await user.hover(idleButton());
    expect(load).toHaveBeenCalled();
    expect(FakeVapi.instances).toHaveLength(0);
  });

  it('when not configured, a press logs which variables to set and stays idle', async () => {
    const user = userEvent.setup();
    const load = vi.fn(loadSdk);
    renderDemo({ config: null, loadSdk: load });
    await user.click(idleButton());
    expect(consoleError()).toHaveBeenCalledWith(
      expect.stringMatching(/VITE_VAPI_PUBLIC_KEY and VITE_VAPI_ASSISTANT_ID/),
    );
    expect(idleButton()).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
    // Local mode (the tests' build) tells the owner what to set, on the page itself.
    expect(screen.getByText(/Set VITE_VAPI_PUBLIC_KEY and VITE_VAPI_ASSISTANT_ID/)).toBeVisible();
  });

  it('shows no owner note when the demo is configured', () => {
    renderDemo();
    expect(screen.queryByText(/Set VITE_VAPI_PUBLIC_KEY/)).not.toBeInTheDocument();
  });
});

describe('VoiceDemo, steering a call (conversion)', () => {
  afterEach(() => resetVisit());

  it('says beside the button that the call is with an AI and may be recorded, linking /privacy', () => {
    renderDemo();
    expect(
      screen.getByText(/talk to an AI agent, not a person\. Calls may be recorded/),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
  });

  it('Cancel while connecting returns to idle, and ends the call the moment its call object appears', async () => {
    const user = await startDemo();
    expect(screen.getByRole('button', { name: 'Connecting...' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(idleButton()).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    const stopsAtCancel = latest().stopCalls;
    // The SDK goes on with start() regardless (its stop() cannot reach it yet): the call
    // object appears, and is ended before it joins.
    act(() =>
      latest().emit('call-start-progress', {
        stage: 'daily-call-object-creation',
        status: 'completed',
      }),
    );
    expect(latest().stopCalls).toBe(stopsAtCancel + 1);
    // Whatever the SDK says afterwards reaches nobody.
    act(() => latest().emit('call-start'));
    expect(idleButton()).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Book a Call' })).toBeNull();
  });

  it('Mute and Unmute toggle the microphone in a call, with aria-pressed', async () => {
    const user = await startDemo();
    expect(screen.queryByRole('button', { name: 'Mute' })).toBeNull();
    act(() => latest().emit('call-start'));
    const mute = screen.getByRole('button', { name: 'Mute' });
    expect(mute).toHaveAttribute('aria-pressed', 'false');
    await user.click(mute);
    expect(latest().muted).toEqual([true]);
    expect(screen.getByRole('button', { name: 'Unmute' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Unmute' }));
    expect(latest().muted).toEqual([true, false]);
    expect(screen.getByRole('button', { name: 'Mute' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('sends the calculator numbers as variable values when it shows an estimate', async () => {
    const user = userEvent.setup();
    setVisitEstimate({ leads: 40, value: 2500, delay: 1, rate: 20, estimate: 10000 });
    renderDemo();
    await startCall(user);
    await vi.waitFor(() => expect(latest().startOverrides).toHaveLength(1));
    expect(latest().startOverrides[0]).toEqual({
      maxDurationSeconds: 180,
      variableValues: { leads: 40, value: 2500, delay: 1, rate: 20, estimate: 10000 },
      metadata: { visit_id: visitId() },
    });
  });

  it("on a trade's page, tells the agent the trade with the numbers", async () => {
    const user = userEvent.setup();
    const [, trade] = twoTrades();
    window.history.pushState(null, '', trade.path);
    try {
      setVisitEstimate({ leads: 40, value: 2500, delay: 1, rate: 20, estimate: 10000 });
      renderDemo();
      await startCall(user);
      await vi.waitFor(() => expect(latest().startOverrides).toHaveLength(1));
      expect(latest().startOverrides[0]).toMatchObject({
        variableValues: { estimate: 10000, trade: trade.slug },
      });
    } finally {
      window.history.pushState(null, '', '/');
    }
  });

  it('sends no variable values without an estimate, and always the length cap', async () => {
    await startDemo({ config: { ...CONFIG, maxCallSeconds: 90 } });
    await vi.waitFor(() => expect(latest().startOverrides).toHaveLength(1));
    expect(latest().startOverrides[0]).toEqual({
      maxDurationSeconds: 90,
      metadata: { visit_id: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    });
  });

  it('after a call that ended normally, offers Book a Call; not after a failure', async () => {
    const user = userEvent.setup();
    const onBookCall = vi.fn();
    renderDemo({ onBookCall });
    expect(triedDemoCall()).toBe(false);
    await startCall(user);
    expect(triedDemoCall()).toBe(true);
    act(() => latest().emit('call-start'));
    await user.click(screen.getByRole('button', { name: 'End Call' }));
    await user.click(screen.getByRole('button', { name: 'Book a Call' }));
    expect(onBookCall).toHaveBeenCalledTimes(1);
    // A new call hides the panel; a failed one does not bring it back.
    await user.click(idleButton());
    expect(screen.queryByRole('button', { name: 'Book a Call' })).toBeNull();
    await vi.waitFor(() => expect(FakeVapi.instances).toHaveLength(2));
    act(() => latest().emit('error', { message: 'Meeting has ended' }));
    expect(screen.queryByRole('button', { name: 'Book a Call' })).toBeNull();
  });
});

describe('a call that survives a real phone', () => {
  const ejected = {
    type: 'daily-error',
    error: {
      action: 'error',
      errorMsg: 'Meeting has ended',
      error: { type: 'ejected', msg: 'Meeting has ended' },
    },
  };

  it('a room closed right after the assistant hangs up is a normal end: the panel, no error line', async () => {
    await startDemo({ onBookCall: vi.fn() });
    act(() => latest().emit('call-start'));
    act(() =>
      latest().emit('message', {
        type: 'status-update',
        status: 'ended',
        endedReason: 'assistant-ended-call',
      }),
    );
    act(() => latest().emit('error', ejected));
    expect(screen.getByRole('button', { name: 'Book a Call' })).toBeVisible();
    expect(document.getElementById('voice-demo-message')).toHaveTextContent('');
    // The SDK's call-end that follows changes nothing.
    act(() => latest().emit('call-end'));
    expect(screen.getByRole('button', { name: 'Book a Call' })).toBeVisible();
  });

  it('an ejection with no status message first is a normal end too, once the call was on', async () => {
    await startDemo({ onBookCall: vi.fn() });
    act(() => latest().emit('call-start'));
    act(() => latest().emit('error', ejected));
    expect(screen.getByRole('button', { name: 'Book a Call' })).toBeVisible();
    expect(document.getElementById('voice-demo-message')).toHaveTextContent('');
  });

  it('a room closed before the call was on is a failed connection', async () => {
    await startDemo({ onBookCall: vi.fn() });
    act(() => latest().emit('error', ejected));
    expect(screen.queryByRole('button', { name: 'Book a Call' })).toBeNull();
    expect(document.getElementById('voice-demo-message')).toHaveTextContent("Couldn't connect");
  });

  it('audio-start-failed keeps the call and offers a tap, which plays the agent and says so to Vapi', async () => {
    const play = vi.fn(() => Promise.resolve());
    const restore = stubAudio(play);
    try {
      const user = await startDemo();
      act(() => latest().emit('call-start'));
      act(() =>
        latest().emit('error', { type: 'audio-start-failed', error: { name: 'NotAllowedError' } }),
      );
      expect(screen.getByRole('button', { name: 'End Call' })).toBeVisible();
      expect(document.getElementById('voice-demo-message')).toHaveTextContent(
        "Your browser paused the agent's voice.",
      );
      await user.click(screen.getByRole('button', { name: 'Tap to hear the agent' }));
      expect(play).toHaveBeenCalledTimes(1);
      expect(document.getElementById('voice-demo-message')).toHaveTextContent('');
      const player = document.querySelector<HTMLAudioElement>(
        'audio[data-participant-id="agent-session"]',
      );
      expect(player).not.toBeNull();
      expect(latest().appMessages).toEqual(['playable']);
      expect(screen.queryByRole('button', { name: 'Tap to hear the agent' })).toBeNull();
      // The call's end takes the player with it.
      await user.click(screen.getByRole('button', { name: 'End Call' }));
      expect(document.querySelector('audio')).toBeNull();
    } finally {
      restore();
    }
  });

  it('a tap the browser still refuses keeps the button, and removes the player it tried', async () => {
    const restore = stubAudio(() => Promise.reject(new DOMException('blocked', 'NotAllowedError')));
    try {
      const user = await startDemo();
      act(() => latest().emit('call-start'));
      act(() => latest().emit('error', { type: 'audio-start-failed' }));
      await user.click(screen.getByRole('button', { name: 'Tap to hear the agent' }));
      await vi.waitFor(() => expect(document.querySelector('audio')).toBeNull());
      expect(screen.getByRole('button', { name: 'Tap to hear the agent' })).toBeVisible();
      expect(latest().appMessages).toEqual([]);
      // The SDK's own player, when it comes, ends the prompt.
      act(() => latest().emit('audio', document.createElement('audio')));
      expect(screen.queryByRole('button', { name: 'Tap to hear the agent' })).toBeNull();
    } finally {
      restore();
    }
  });

  it('a start that resolves after Cancel is stopped, and its call reaches nobody', async () => {
    const user = await startDemo({ onBookCall: vi.fn() });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const stopsAtCancel = latest().stopCalls;
    act(() => latest().emit('call-start'));
    await act(async () => latest().resolveStart({ id: 'call-late' }));
    expect(latest().stopCalls).toBeGreaterThan(stopsAtCancel);
    expect(idleButton()).toBeVisible();
    expect(screen.queryByRole('button', { name: 'End Call' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Book a Call' })).toBeNull();
  });

  it('keeps the screen on during a call, again when the tab comes back, and lets it sleep after', async () => {
    const locks = fakeWakeLock();
    try {
      const user = await startDemo();
      expect(locks.requests).toBe(0);
      act(() => latest().emit('call-start'));
      await vi.waitFor(() => expect(locks.held()).toBe(1));
      // Hidden, the browser lets the lock go; visible again, it is taken again.
      await act(async () => locks.browserReleasesAll());
      await act(async () => setVisibility('visible'));
      await vi.waitFor(() => expect(locks.held()).toBe(1));
      expect(locks.requests).toBe(2);
      await user.click(screen.getByRole('button', { name: 'End Call' }));
      await vi.waitFor(() => expect(locks.held()).toBe(0));
      await act(async () => setVisibility('visible'));
      expect(locks.requests).toBe(2);
    } finally {
      locks.restore();
    }
  });
});

/** HTMLMediaElement.play and MediaStream as a browser has them (jsdom has neither). */
function stubAudio(play: () => Promise<void>): () => void {
  const originalPlay = HTMLMediaElement.prototype.play;
  const hadStream = 'MediaStream' in globalThis;
  HTMLMediaElement.prototype.play = play;
  if (!hadStream)
    (globalThis as { MediaStream?: unknown }).MediaStream = class {
      constructor(readonly tracks: unknown[]) {}
    };
  Object.defineProperty(HTMLMediaElement.prototype, 'srcObject', {
    configurable: true,
    writable: true,
    value: null,
  });
  return () => {
    HTMLMediaElement.prototype.play = originalPlay;
    if (!hadStream) delete (globalThis as { MediaStream?: unknown }).MediaStream;
    delete (HTMLMediaElement.prototype as { srcObject?: unknown }).srcObject;
    document.querySelectorAll('audio').forEach((player) => player.remove());
  };
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

/** navigator.wakeLock as the Screen Wake Lock API has it, counting what is held. */
function fakeWakeLock() {
  const sentinels: { released: boolean; release: () => Promise<void> }[] = [];
  const state = { requests: 0 };
  Object.defineProperty(navigator, 'wakeLock', {
    configurable: true,
    value: {
      request: async () => {
        state.requests += 1;
        const sentinel = {
          released: false,
          release: async () => {
            sentinel.released = true;
          },
        };
        sentinels.push(sentinel);
        return sentinel;
      },
    },
  });
  return {
    get requests() {
      return state.requests;
    },
    held: () => sentinels.filter((s) => !s.released).length,
    browserReleasesAll: () => {
      setVisibility('hidden');
      sentinels.forEach((s) => (s.released = true));
    },
    restore: () => {
      delete (navigator as { wakeLock?: unknown }).wakeLock;
      setVisibility('visible');
    },
  };
}

describe('one demo call per visitor at a time, with a pause after each', () => {
  function memoryStorage(): Storage {
    const map = new Map<string, string>();
    return {
      get length() {
        return map.size;
      },
      clear: () => map.clear(),
      getItem: (key) => map.get(key) ?? null,
      key: (index) => [...map.keys()][index] ?? null,
      removeItem: (key) => void map.delete(key),
      setItem: (key, value) => void map.set(key, value),
    };
  }

  it(`refuses a new call for ${COOL_DOWN_MS / 1000} s after one ended, saying how long`, async () => {
    const user = userEvent.setup();
    let now = 1_000_000;
    const guard = createCallGuard(memoryStorage(), () => now);
    renderDemo({ guard });
    await startCall(user);
    act(() => latest().emit('call-start'));
    await user.click(screen.getByRole('button', { name: 'End Call' }));
    now += 5_000;
    await user.click(idleButton());
    const notice = screen.getByText(
      `Thanks for trying the demo. You can start another call in ${(COOL_DOWN_MS - 5_000) / 1000} seconds.`,
    );
    expect(notice).toBeInTheDocument();
    // A notice, not shown in the error colour.
    expect(notice).not.toHaveClass('text-danger');
    expect(FakeVapi.instances).toHaveLength(1);
    now += COOL_DOWN_MS;
    await user.click(idleButton());
    await vi.waitFor(() => expect(FakeVapi.instances).toHaveLength(2));
  });

  it('refuses a call while another tab has one on, and frees it when that call ends', async () => {
    const user = userEvent.setup();
    const storage = memoryStorage();
    let now = 1_000_000;
    const otherTab = createCallGuard(storage, () => now);
    expect(otherTab.begin(200_000)).toBeNull();
    renderDemo({ guard: createCallGuard(storage, () => now) });
    await user.click(idleButton());
    expect(
      screen.getByText('A demo call is already on in another tab. End it there, then press again.'),
    ).toBeInTheDocument();
    expect(FakeVapi.instances).toHaveLength(0);
    otherTab.finish();
    now += COOL_DOWN_MS + 1;
    await startCall(user);
  });

  it('leaves no pause after an attempt that never connected: the next press tries again', async () => {
    const user = userEvent.setup();
    const guard = createCallGuard(memoryStorage(), () => 1_000_000);
    renderDemo({ guard });
    await startCall(user);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(idleButton());
    await vi.waitFor(() => expect(FakeVapi.instances).toHaveLength(2));
  });

  it('leaves no pause after a refused microphone: the next press tries again at once', async () => {
    const user = userEvent.setup();
    const guard = createCallGuard(memoryStorage(), () => 1_000_000);
    const denied = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
    const { rerender } = render(
      <VoiceDemo config={CONFIG} loadSdk={loadSdk} requestMicrophone={denied} guard={guard} />,
    );
    await user.click(idleButton());
    await screen.findByText(/Your browser blocked the microphone/);
    rerender(
      <VoiceDemo config={CONFIG} loadSdk={loadSdk} requestMicrophone={micOk} guard={guard} />,
    );
    await startCall(user);
  });
});

describe('server mode (VITE_VAPI_AUTH=server)', () => {
  const SERVER_CONFIG = { auth: 'server' as const, maxCallSeconds: 180 };
  const WEB_CALL = {
    id: 'vapi-call-1',
    webCallUrl: 'https://vapi.daily.co/room-1',
    assistant: { voice: {} },
  };

  it('asks the server at the press and joins the room it made; no key or assistant in the page', async () => {
    const user = userEvent.setup();
    setVisitEstimate({ leads: 40, value: 2500, delay: 1, rate: 20, estimate: 10_000 });
    const startWebCall = vi.fn(() => Promise.resolve(WEB_CALL));
    renderDemo({ config: SERVER_CONFIG, startWebCall });
    await startCall(user);
    expect(startWebCall).toHaveBeenCalledWith({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      visit_id: visitId(),
      variables: { leads: 40, value: 2500, delay: 1, rate: 20, estimate: 10_000 },
    });
    await vi.waitFor(() => expect(latest().reconnectCalls).toEqual([WEB_CALL]));
    expect(latest().startCalls).toEqual([]);
    expect(latest().publicKey).toBe('server-started-call');
    act(() => latest().emit('call-start'));
    expect(screen.getByRole('button', { name: 'End Call' })).toBeInTheDocument();
    // A press of its own each time: a new id.
    await user.click(screen.getByRole('button', { name: 'End Call' }));
    await startCall(user);
    const ids = startWebCall.mock.calls.map((args) => (args as unknown as [{ id: string }])[0].id);
    expect(new Set(ids).size).toBe(2);
  });

  it('when a call the server started ends, its report ticket goes to the lead card; not before', async () => {
    const user = userEvent.setup();
    const report = { id: '7f0c6a52-3c1e-4a7e-9d55-0d7d1a2b3c4d', key: 'k'.repeat(43) };
    const startWebCall = vi.fn(() => Promise.resolve({ ...WEB_CALL, report }));
    renderDemo({ config: SERVER_CONFIG, startWebCall });
    await startCall(user);
    await vi.waitFor(() => expect(latest().reconnectCalls).toHaveLength(1));
    act(() => latest().emit('call-start'));
    expect(latestReport()).toBeNull();
    act(() => latest().emit('call-end'));
    expect(latestReport()).toMatchObject({ ticket: report, source: 'webCall', waitMs: 120_000 });
  });

  it('a call that never connected sends no ticket to the lead card', async () => {
    const user = userEvent.setup();
    const report = { id: '7f0c6a52-3c1e-4a7e-9d55-0d7d1a2b3c4d', key: 'k'.repeat(43) };
    renderDemo({
      config: SERVER_CONFIG,
      startWebCall: () => Promise.resolve({ ...WEB_CALL, report }),
    });
    await startCall(user);
    await vi.waitFor(() => expect(latest().reconnectCalls).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: /cancel/i }));
    expect(latestReport()).toBeNull();
  });

  it("asks for the call with the trade of the page, when it is a trade's page", async () => {
    const user = userEvent.setup();
    const [trade] = twoTrades();
    window.history.pushState(null, '', trade.path);
    try {
      const startWebCall = vi.fn(() => Promise.resolve(WEB_CALL));
      renderDemo({ config: SERVER_CONFIG, startWebCall });
      await startCall(user);
      expect(startWebCall).toHaveBeenCalledWith(
        expect.objectContaining({ variables: { trade: trade.slug } }),
      );
    } finally {
      window.history.pushState(null, '', '/');
    }
  });

  it.each([
    [new WebCallError('spent', '429 limited minutes'), "Today's live demo calls are used up."],
    [new WebCallError('limited', '429 limited address'), 'Too many demo calls right now.'],
    [
      new WebCallError('connect', '502 call_failed'),
      "Couldn't connect to the agent. Please try again.",
    ],
    [new Error('the bot check did not load'), "Couldn't connect to the agent. Please try again."],
  ])(
    'a call the server did not start (%s) returns the button to idle with a clear line',
    async (error, line) => {
      const user = userEvent.setup();
      renderDemo({ config: SERVER_CONFIG, startWebCall: () => Promise.reject(error) });
      await user.click(idleButton());
      expect(
        await screen.findByRole('button', { name: 'Press here for AI Voice Agent' }),
      ).not.toHaveAttribute('aria-disabled');
      await vi.waitFor(() =>
        expect(document.getElementById('voice-demo-message')).toHaveTextContent(line),
      );
      expect(FakeVapi.instances).toHaveLength(0);
      expect(consoleError()).toHaveBeenCalledWith(
        'Voice demo: the server started no call:',
        expect.any(String),
      );
      // Spent for the day: the other ways are pointed to.
      const link = screen.queryByRole('link', { name: 'Send a message' });
      expect(link === null).toBe(!(error instanceof WebCallError && error.kind === 'spent'));
    },
  );

  it('ends a call the server started for a press that was cancelled: joined without a microphone, then left', async () => {
    const user = userEvent.setup();
    let answer: (webCall: typeof WEB_CALL) => void = () => {};
    const startWebCall = () => new Promise<typeof WEB_CALL>((resolve) => (answer = resolve));
    renderDemo({ config: SERVER_CONFIG, startWebCall });
    await user.click(idleButton());
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(idleButton()).toBeInTheDocument();
    answer(WEB_CALL);
    await vi.waitFor(() => expect(latest()?.reconnectCalls).toEqual([WEB_CALL]));
    const hangUp = latest();
    expect(hangUp.dailyCallObject).toEqual({ audioSource: false });
    expect(hangUp.stopCalls).toBe(0);
    // Joined: then left at once.
    hangUp.resolveStart(undefined);
    await vi.waitFor(() => expect(hangUp.stopCalls).toBe(1));
    // Nothing of it reaches the button.
    expect(idleButton()).toBeInTheDocument();
  });
});
