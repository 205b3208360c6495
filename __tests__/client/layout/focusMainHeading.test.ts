import { focusMainHeading } from '../../../src/client/layout/useFocusHeadingOnNavigate';

/** The screen as it is on arrival: its heading, then a button (the first stop of Tab after it). */
function screenWith(): { main: HTMLElement; button: HTMLButtonElement } {
  document.body.innerHTML = '<main><h1>Review receipts</h1><button>Corner Shop</button></main>';
  return { main: document.querySelector('main')!, button: document.querySelector('button')! };
}
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.innerHTML = '';
});

it('focuses the heading, and leaves the focus where the person takes it even when the page changes as it moves', async () => {
  const { main, button } = screenWith();
  const stop = focusMainHeading(main);
  try {
    expect(document.activeElement).toBe(main.querySelector('h1'));
    // Mid-Tab the focus is on the body for a moment (the heading's blur), and the page changes then
    // (a list updating live, a focus ripple): that is no lost focus to take back.
    (document.activeElement as HTMLElement).blur();
    main.append(document.createElement('p'));
    await flush();
    expect(document.activeElement).toBe(document.body);
    button.focus();
    expect(document.activeElement).toBe(button);
    main.append(document.createElement('p'));
    await flush();
    expect(document.activeElement).toBe(button);
  } finally {
    stop();
  }
});

it("moves to the screen's own heading when a loading view's heading it focused is replaced", async () => {
  document.body.innerHTML = '<main><h1>Loading</h1></main>';
  const main = document.querySelector('main')!;
  const stop = focusMainHeading(main);
  try {
    expect(document.activeElement?.textContent).toBe('Loading');
    main.innerHTML = '<h1>Review receipts</h1><button>Corner Shop</button>';
    await flush();
    expect(document.activeElement?.textContent).toBe('Review receipts');
  } finally {
    stop();
  }
});
