/** Settles once every view shows what the listings hold (see ResourceTreeProvider.drawn), two seconds at most. */
export async function viewsDrawn(views: Iterable<{ drawn(): Promise<void> }>): Promise<void> {
  await Promise.all([...views].map((view) => view.drawn()));
}
