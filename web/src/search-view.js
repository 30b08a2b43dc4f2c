// @ts-check
// The views that show the one search, Watch and Tree: each is made with the search, follows the
// link's step through it and keeps the search's position in the link.

import { View } from './view.js';

/** @typedef {import('./search.js').Search} Search */

export class SearchView extends View {
  /**
   * @param {HTMLElement} root the view's panel
   * @param {Search} search the search it shows, shared by both views
   */
  constructor(root, search) {
    super(root);
    this.search = search;
  }

  /** @param {number} step */
  goTo(step) {
    return this.search.goTo(step);
  }

  /** @param {URLSearchParams} params */
  link(params) {
    const at = this.search.watch ? this.search.watch.position() : 0;
    // The Puzzle board searched, as the Puzzle view writes it.
    if (this.search.board) params.set('board', this.search.board.trim().split('\n').join('/'));
    if (at > 0) params.set('step', String(at));
  }
}
