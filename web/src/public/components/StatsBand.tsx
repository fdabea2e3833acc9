import { STATS } from '../site';

/** The business in four numbers (spec §9), on the side's deep colour. */
export function StatsBand() {
  return (
    <section aria-label="Our clinic in numbers" className="lx-band">
      <dl className="lx-container lx-stats">
        {STATS.map((stat) => (
          <div key={stat.label} className="lx-stat">
            <dt>{stat.label}</dt>
            <dd>{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
