// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PairingScreen } from '../../../pwa/src/pairing/PairingScreen.tsx';
import { mockHost, renderWithHost, useMockHost } from '../helpers/mockHost.tsx';

useMockHost();

afterEach(() => {
  vi.restoreAllMocks();
});

/** Stubs the page load, and returns the URLs the page was sent to. */
function stubAssign() {
  return vi.spyOn(window.location, 'assign').mockImplementation(() => {});
}

/** Renders the screen once its store is connected to the mock host (and so quiet). */
async function renderPairing(language: 'en' | 'fr' = 'en') {
  mockHost();
  const result = renderWithHost(<PairingScreen />, language);
  await waitFor(() => expect(result.store.getState().connection).toBe('online'));
  return result;
}

function paste(text: string, label = 'Pairing link or token') {
  fireEvent.change(screen.getByLabelText(label), { target: { value: text } });
}

describe('the pairing screen', () => {
  it('explains where the pairing link comes from', async () => {
    await renderPairing();
    expect(screen.getByRole('heading', { name: 'Pair this app with Switchboard' })).toBeDefined();
    expect(screen.getByText(/“npm start” prints a link, and a QR code/)).toBeDefined();
  });

  it('sends the page to /?token= with the token of a pasted link', async () => {
    const assign = stubAssign();
    await renderPairing();
    paste('http://192.168.1.20:7777/?token=Zx9_-aQ3');
    fireEvent.click(screen.getByRole('button', { name: 'Pair' }));
    expect(assign).toHaveBeenCalledWith('/?token=Zx9_-aQ3');
  });

  it('takes a bare token too', async () => {
    const assign = stubAssign();
    await renderPairing();
    paste('  Zx9_-aQ3 ');
    fireEvent.submit(screen.getByLabelText('Pairing link or token'));
    expect(assign).toHaveBeenCalledWith('/?token=Zx9_-aQ3');
  });

  it('says what to paste when there is no token in it, until it is changed', async () => {
    const assign = stubAssign();
    await renderPairing();
    paste('http://192.168.1.20:7777/');
    fireEvent.click(screen.getByRole('button', { name: 'Pair' }));
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe(
      'Paste the whole link printed by npm start, or only its token.',
    );
    const field = screen.getByLabelText('Pairing link or token');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    paste('abc');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('tries to connect again', async () => {
    const { store } = await renderPairing();
    const retry = vi.spyOn(store.connection, 'retry');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('speaks French', async () => {
    const assign = stubAssign();
    await renderPairing('fr');
    expect(
      screen.getByRole('heading', { name: 'Associer cette application à Switchboard' }),
    ).toBeDefined();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeDefined();
    paste('http://localhost:7777/?token=abc', 'Lien d’association ou jeton');
    fireEvent.click(screen.getByRole('button', { name: 'Associer' }));
    expect(assign).toHaveBeenCalledWith('/?token=abc');
  });
});
