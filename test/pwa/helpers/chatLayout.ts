import { afterEach, beforeEach, vi } from 'vitest';

/**
 * happy-dom has no layout: for each test of the file, the chat's list gets a height (800 px) and
 * each row one (100 px), the list scrolls as far as its rows reach, and `scrollTo` moves it and
 * says so with a `scroll` event, as a browser does.
 */
export function useChatLayout(): void {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.classList.contains('chat-scroll') ? 800 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.classList.contains('chat-row') ? 100 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      const feed = this.classList.contains('chat-scroll') ? this.firstElementChild : null;
      return feed instanceof HTMLElement ? parseFloat(feed.style.height) : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'scrollTo').mockImplementation(function (
      this: HTMLElement,
      options?: ScrollToOptions | number,
    ) {
      if (typeof options === 'object' && options.top !== undefined) this.scrollTop = options.top;
      this.dispatchEvent(new Event('scroll'));
    });
  });
  afterEach(() => vi.restoreAllMocks());
}
