// @ts-check
// The shape every view of the page has: it is made from its root element (the tab's panel) and
// finds its own elements inside it, opens on a board size, shows and hides, and declares the
// keys it answers while it shows. The page (app.js) keeps them in one registry, tab name to
// view, and routes the tabs, the board size, the link and the keyboard through it.

/**
 * A key's action: false when the view lets the key go (the page then leaves it alone).
 * @typedef {() => unknown} KeyAction
 */

export class View {
  /** @param {HTMLElement} root */
  constructor(root) {
    this.root = root;
    /** @type {Record<string, KeyAction>} the keys this view answers, by KeyboardEvent.key */
    this.keys = {};
  }

  // The element `id` inside this view (the page's ids are unique).
  /**
   * @param {string} id
   * @returns {HTMLElement}
   */
  $(id) {
    return /** @type {HTMLElement} */ (this.root.querySelector('#' + id));
  }

  // The n×n board, in this view.
  /** @param {number} n */
  open(n) {}

  // The view shows. A hidden list has no height, so one scrolled to its latest entry while its
  // view was hidden (a link's step=K, a search moved in another view) stayed at its top: each
  // list that follows its latest entry goes to its end as the view shows.
  show() {
    this.root.hidden = false;
    for (const list of this.root.querySelectorAll('.log, .found')) list.scrollTop = list.scrollHeight;
  }

  // Another view shows.
  hide() {
    this.root.hidden = true;
  }

  // The link's step=K in this view: what the page says when it could not go that far ('' when
  // it could), or null for a view that has no steps (those that have override this).
  /**
   * @param {number} step
   * @returns {string | null}
   */
  goTo(step) {
    return null;
  }

  // Adds what this view keeps in the link.
  /** @param {URLSearchParams} params */
  link(params) {}

  // Follows the link's parameters that are this view's alone, once the page has opened it on
  // the link's board (those that have some override this; link.js notes what cannot be
  // followed).
  /** @param {URLSearchParams} params */
  readLink(params) {}
}
