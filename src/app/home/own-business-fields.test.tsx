import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ownBusiness as copy } from '@/content/own-business';
import { trades } from '@/content/trades';
import { readOwnBusiness, refuseOwnBusiness } from '@/lib/own-business';
import { TradeContext, type Trade } from '@/lib/trade';
import { twoTrades } from '@/test/trades';
import { VoiceDemo } from '@/features/voice-demo/voice-demo';
import type { VapiConstructor } from '@/features/voice-demo/load-vapi';
import { OwnBusinessFields } from './own-business-fields';

/**
 * "Hear it answer as your business": the hero's fields, read at the voice demo's press
 * (server mode) by the functions' rule; a refused one starts nothing and says why at the field.
 */

const SERVER = { auth: 'server' as const, maxCallSeconds: 180 };
const WEB_CALL = {
  id: 'call-1',
  webCallUrl: 'https://vapi.daily.co/room',
  assistant: { voice: {} },
};

function renderHero(trade: Trade | null = null) {
  const startWebCall = vi.fn(() => Promise.resolve(WEB_CALL));
  render(
    <TradeContext.Provider value={trade}>
      <VoiceDemo
        config={SERVER}
        startWebCall={startWebCall}
        // The SDK never loads: these tests are about what the press asks for.
        loadSdk={() => new Promise<VapiConstructor>(() => undefined)}
        requestMicrophone={() => Promise.resolve()}
        guard={{ begin: () => null, finish: () => undefined }}
      />
      <OwnBusinessFields />
    </TradeContext.Provider>,
  );
  return { user: userEvent.setup(), startWebCall };
}

// Two different trades of site.config.ts.
const [first, second] = twoTrades();

const press = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Press here for AI Voice Agent' }));

describe('Hear it answer as your business', () => {
  it('is served closed; the call asks for the business typed in it', async () => {
    const { user, startWebCall } = renderHero();
    const details = document.getElementById('own-business') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    await user.click(screen.getByText(copy.summary));
    expect(details.open).toBe(true);
    await user.click(screen.getByLabelText(copy.nameLabel));
    await user.paste('  Sunny  Roofing & Sons ');
    await user.selectOptions(screen.getByLabelText(copy.tradeLabel), second.slug);
    await user.click(screen.getByLabelText(copy.cityLabel));
    await user.paste('Austin');
    await press(user);
    expect(startWebCall).toHaveBeenCalledWith(
      expect.objectContaining({
        business: { business_name: 'Sunny Roofing & Sons', trade: second.slug, city: 'Austin' },
      }),
    );
  });

  it('left empty, the call is the generic demo: no business', async () => {
    const { user, startWebCall } = renderHero();
    await press(user);
    expect(startWebCall).toHaveBeenCalledTimes(1);
    expect(startWebCall.mock.calls[0]).toEqual([
      expect.not.objectContaining({ business: expect.anything() }),
    ]);
  });

  it('a web address in the name starts nothing: the line at the field, marked, with the focus', async () => {
    const { user, startWebCall } = renderHero();
    await user.click(screen.getByText(copy.summary));
    const name = screen.getByLabelText(copy.nameLabel);
    await user.type(name, 'sunny.com');
    await user.selectOptions(screen.getByLabelText(copy.tradeLabel), first.slug);
    await press(user);
    expect(startWebCall).not.toHaveBeenCalled();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(copy.errors.business_name);
    expect(screen.getByRole('alert')).toHaveTextContent(copy.errors.business_name);
    expect(name).toHaveFocus();
    // Changing it takes the line away; a good name then calls.
    await user.clear(name);
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(name, 'Sunny Roofing');
    await press(user);
    expect(startWebCall).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['Hangul fillers', '\u3164\uFFA0\u115F'],
    ['Cyrillic look-alikes', '\u0405unn\u0443 R\u043E\u043Efs'],
    ['full-width www', 'ｗｗｗ sunnyroofs'],
    ['an address spaced around its dot', 'sunny . com'],
  ])('a name that hides (%s) starts nothing: the plain line at the field', async (_, typed) => {
    const { user, startWebCall } = renderHero();
    await user.click(screen.getByText(copy.summary));
    const name = screen.getByLabelText(copy.nameLabel);
    // Pasted whole, as a name copied from elsewhere arrives.
    await user.click(name);
    await user.paste(typed);
    expect(name).toHaveValue(typed);
    await user.selectOptions(screen.getByLabelText(copy.tradeLabel), first.slug);
    await press(user);
    expect(startWebCall).not.toHaveBeenCalled();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent(copy.errors.business_name);
  });

  it('refused while closed (the server named a field): it opens, and the field takes the focus', async () => {
    renderHero();
    const details = document.getElementById('own-business') as HTMLDetailsElement;
    refuseOwnBusiness('city');
    await vi.waitFor(() => expect(screen.getByLabelText(copy.cityLabel)).toHaveFocus());
    expect(details.open).toBe(true);
    expect(screen.getByLabelText(copy.cityLabel)).toHaveAccessibleDescription(copy.errors.city);
  });

  it("on / the trade must be chosen; on a trade's page it is preset to that trade", async () => {
    const { user } = renderHero();
    const trade = screen.getByLabelText<HTMLSelectElement>(copy.tradeLabel);
    expect(trade.value).toBe('');
    expect([...trade.options].map((option) => option.text)).toEqual([
      copy.chooseTrade,
      ...trades.map(({ name }) => name),
    ]);
    await user.type(screen.getByLabelText(copy.nameLabel), 'Sunny Roofing');
    expect(readOwnBusiness()).toBe(false);
    await vi.waitFor(() => expect(trade).toHaveAccessibleDescription(copy.errors.trade));
    expect(trade).toHaveFocus();
  });

  it("is preset to the page's trade", async () => {
    const { words: load, ...entry } = trades[0]!;
    renderHero({ ...entry, ...(await load()).default });
    const trade = screen.getByLabelText<HTMLSelectElement>(copy.tradeLabel);
    expect(trade.value).toBe(entry.slug);
    expect([...trade.options].map((option) => option.value)).toEqual(trades.map((t) => t.slug));
  });
});
