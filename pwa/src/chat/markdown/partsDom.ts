/**
 * The elements of an element's HTML parts (`BlockParts`): each part's nodes are remembered, and
 * `apply` makes again only the parts whose HTML changed — a growing answer's finished blocks keep
 * their elements (their layout, a selection in them), and its last block alone is made anew.
 *
 * @example
 * const dom = new PartsDom();
 * dom.apply(element, ['<p>a</p>', '\n<p>b</p>']);
 */
export class PartsDom {
  #html: string[] = [];
  #nodes: ChildNode[][] = [];

  /**
   * Makes `container`'s children the elements of `parts`, in order, changing only what changed.
   * Answers how much HTML it made into elements, and in how long (ms).
   */
  apply(container: Element, parts: readonly string[]): { length: number; ms: number } {
    const started = performance.now();
    let length = 0;
    for (let index = parts.length; index < this.#nodes.length; index++) {
      for (const node of this.#nodes[index]!) node.remove();
    }
    this.#nodes.length = Math.min(this.#nodes.length, parts.length);
    this.#html.length = this.#nodes.length;
    parts.forEach((html, index) => {
      if (this.#html[index] === html) return;
      for (const node of this.#nodes[index] ?? []) node.remove();
      // A template's content is inert: nothing in it loads or runs while it is parsed.
      const template = container.ownerDocument.createElement('template');
      template.innerHTML = html;
      const nodes = [...template.content.childNodes];
      container.insertBefore(template.content, this.#anchorAfter(index));
      this.#nodes[index] = nodes;
      this.#html[index] = html;
      length += html.length;
    });
    return { length, ms: performance.now() - started };
  }

  /** The first node of the parts after `index`, if any: where `index`'s nodes go before. */
  #anchorAfter(index: number): ChildNode | null {
    for (let next = index + 1; next < this.#nodes.length; next++) {
      const first = this.#nodes[next]?.[0];
      if (first) return first;
    }
    return null;
  }
}
