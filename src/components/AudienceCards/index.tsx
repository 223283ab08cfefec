import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import styles from './styles.module.css';

/** One audience the home page leads to its section. */
export interface Audience {
  /** Who the card is for, used as its heading. */
  title: string;
  /** One or two sentences on what the reader finds there. */
  description: string;
  /** Site path of the section. */
  to: string;
  /** Link text; names the destination for screen readers. */
  cta: string;
}

/** Props of {@link AudienceCards}. */
export interface AudienceCardsProps {
  /** The audiences, in display order. */
  audiences: readonly Audience[];
}

/** A responsive grid of cards, each leading one audience to its section. */
export default function AudienceCards({audiences}: AudienceCardsProps): ReactNode {
  return (
    <ul className={styles.grid}>
      {audiences.map((audience) => (
        <li key={audience.to} className={styles.card}>
          <Heading as="h3" className={styles.title}>
            {audience.title}
          </Heading>
          <p>{audience.description}</p>
          <Link to={audience.to} className={styles.link}>
            {audience.cta}
          </Link>
        </li>
      ))}
    </ul>
  );
}
