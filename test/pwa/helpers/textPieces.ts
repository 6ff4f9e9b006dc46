/**
 * What a person reads in `element`, piece by piece in the order of the page: the text of each
 * element that holds text and no other element (`element` itself if it is one), blank pieces
 * left out.
 *
 * @example
 * expect(textPieces(card)).toEqual(['laptop', 'this machine', '2 live agents']);
 */
export function textPieces(element: Element): string[] {
  return [element, ...element.querySelectorAll('*')]
    .filter((piece) => piece.childElementCount === 0)
    .map((piece) => piece.textContent?.trim() ?? '')
    .filter((text) => text !== '');
}
