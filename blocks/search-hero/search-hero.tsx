import { createSearchClient } from "../../renderer/search-client";
import type { BlockComponent } from "../../renderer/types";
import { algoliaClientConfig } from "../../server/search/algolia";
import { registerInProcessSearch } from "../../server/search/in-process";
import { heroRequests, heroSettings, initialHeroState, readHeroResults, type HeroResults } from "./hero";
import { SearchHeroClient } from "./search-hero.client";
import styles from "./search-hero.module.css";

const SearchHero: BlockComponent<"search-hero"> = async ({ id, props, ctx }) => {
  registerInProcessSearch();
  const settings = heroSettings(id, props, ctx, algoliaClientConfig(ctx.tenant, new Date()));
  const state = initialHeroState(settings);
  // The first counts and options render on the server, so the panel is complete before any script runs.
  let initial: HeroResults | null = null;
  try {
    const { results } = (await createSearchClient(settings.host, settings.algolia).search(heroRequests(settings, state) as never)) as { results: never[] };
    initial = readHeroResults(settings, state, results);
  } catch (error) {
    console.error("[search-hero] first search failed:", error);
  }
  return (
    <section className={styles.hero} aria-labelledby={`${id}-heading`}>
      {settings.image ? <img className={styles.backdrop} src={settings.image.src} alt={settings.image.alt} width={settings.image.width ?? 1920} height={settings.image.height ?? 720} fetchPriority="high" /> : null}
      <div className={`fc-container ${styles.inner}`}>
        <div className={styles.panel}>
          <h2 id={`${id}-heading`} className={styles.heading}>
            {settings.heading}
          </h2>
          {settings.intro ? <p className="fc-section-intro">{settings.intro}</p> : null}
          <SearchHeroClient settings={settings} initial={initial} />
        </div>
      </div>
    </section>
  );
};

export default SearchHero;
