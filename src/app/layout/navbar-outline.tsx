/**
 * The navigation bar's outline with the wordmark, at the bar's height (two rows below 1024 px): the same markup
 * index.html shows before any code arrives, so the bar goes from outline to bar without a grey flash or a shift.
 */
export function NavbarOutline() {
  return (
    <div className="h-[117px] border-b border-gray-200 bg-white lg:h-[65px]">
      <div className="mx-auto flex max-w-6xl items-center px-2 py-2.5 min-[360px]:px-3 sm:px-4 lg:h-16 lg:py-0">
        <span className="flex min-h-11 items-center px-1 text-2xl leading-none font-extrabold tracking-tight text-brand-700">haat</span>
      </div>
    </div>
  );
}
