import { useLayoutEffect } from "react";
import { useInstantSearchContext } from "react-instantsearch";

/**
 * Makes a search page that hydrates from the server's results search again from the commit that
 * hydrates it. InstantSearch then skips the searches its widgets ask for as they are added: from
 * its start, while React renders, until react-instantsearch's own effect after that commit, a
 * state change schedules no search. That effect is a passive one, run in a task after the commit's:
 * a click handled in between (the page answers clicks from the commit on, and a loaded phone, or
 * CI, handles a waiting key press first) changed the state, the URL and the chips, but no search
 * was sent and the results stayed those of the server's render, with no failure said (a price chip
 * removed at once after a reload left 1 car up where 16 matched). Placed after every widget, its
 * layout effect runs once the first commit's widgets are all added (BatchedWidgets adds them in
 * its own) and puts InstantSearch's search back there; a later call of the same reset does nothing more.
 */
export function LiveFromCommit() {
  const search = useInstantSearchContext();
  useLayoutEffect(() => search._resetScheduleSearch?.(), [search]);
  return null;
}
