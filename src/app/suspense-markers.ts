/**
 * React's server marks each Suspense boundary's content with `<!--$-->` … `<!--/$-->`; Preact, which hydrates the page,
 * keeps a range between its own `<!--$s-->` … `<!--/$s-->` while a part of it waits (a lazy block, a place hydrated
 * when near). Renaming the markers before hydration lets a waiting part keep all of the server's markup, not only its
 * first element.
 */
export function markSuspenseRangesForPreact(container: Node): void {
  const comments = document.createTreeWalker(container, NodeFilter.SHOW_COMMENT);
  for (let node = comments.nextNode(); node; node = comments.nextNode()) {
    const comment = node as Comment;
    if (comment.data === '$') comment.data = '$s';
    else if (comment.data === '/$') comment.data = '/$s';
  }
}
