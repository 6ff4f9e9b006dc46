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

function paste(text: string, label = 'Pairing link, code or token') {
  fireEvent.change(screen.getByLabelText(label), { target: { value: text } });
}

describe('the pairing screen', () => {
  it('explains where a pairing code or link comes from', async () => {
    await renderPairing();
    const heading = screen.getByRole('heading', { name: 'Pair this device with Switchboard' });
    expect(heading.tagName).toBe('H1');
    expect(screen.getByText(/Scan the QR code it shows in its terminal/).tagName).toBe('P');
  });

  it('opens the pairing page, which asks for a name, with a pasted pairing code or link', async () => {
    const assign = stubAssign();
    await renderPairing();
    paste('https://vm.local:7777/pair?code=abcde23456');
    fireEvent.click(screen.getByRole('button', { name: 'Pair' }));
    paste('ABCDE-23457');
    fireEvent.click(screen.getByRole('button', { name: 'Pair' }));
    expect(assign.mock.calls).toEqual([['/pair?code=ABCDE23456'], ['/pair?code=ABCDE23457']]);
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
    fireEvent.submit(screen.getByLabelText('Pairing link, code or token'));
    expect(assign).toHaveBeenCalledWith('/?token=Zx9_-aQ3');
  });

  it('says what to paste when there is no token in it, until it is changed', async () => {
    const assign = stubAssign();
    await renderPairing();
    paste('http://192.168.1.20:7777/');
    fireEvent.click(screen.getByRole('button', { name: 'Pair' }));
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe(
      'Paste a pairing link or code, the whole link printed by npm start, or only its token.',
    );
    const field = screen.getByLabelText('Pairing link, code or token');
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
      screen.getByRole('heading', { name: 'Appairer cet appareil avec Switchboard' }).tagName,
    ).toBe('H1');
    expect(screen.getByRole('button', { name: 'Réessayer' }).tagName).toBe('BUTTON');
    paste('http://localhost:7777/?token=abc', 'Lien, code d’appairage ou jeton');
    fireEvent.click(screen.getByRole('button', { name: 'Appairer' }));
    expect(assign).toHaveBeenCalledWith('/?token=abc');
  });
});
