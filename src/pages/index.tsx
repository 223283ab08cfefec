import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import AudienceCards, {type Audience} from '@site/src/components/AudienceCards';
import styles from './index.module.css';

const audiences: readonly Audience[] = [
  {
    title: 'New to AnswerAI',
    description: 'Learn what sidekicks are, sign in, and have your first conversation in a few minutes.',
    to: '/docs/intro',
    cta: 'Get started',
  },
  {
    title: 'Chat users',
    description: 'Pick a sidekick, attach files, revisit past conversations and rate answers.',
    to: '/docs/using-answerai/',
    cta: 'Learn to chat',
  },
  {
    title: 'Builders',
    description: 'Wire chat models, knowledge bases and tools together on the Sidekick Studio canvas.',
    to: '/docs/using-answerai/sidekick-studio/',
    cta: 'Open the Studio guide',
  },
  {
    title: 'Developers',
    description: 'Run AnswerAI yourself, write custom nodes and tools, embed sidekicks and deploy to the cloud.',
    to: '/docs/developers/',
    cta: 'Read the developer guides',
  },
  {
    title: 'API readers',
    description: 'Call sidekicks, manage document stores and automate everything over the REST API.',
    to: '/docs/api/',
    cta: 'Browse the API reference',
  },
  {
    title: 'Community',
    description: 'Ask questions, share what you built and follow what is new.',
    to: '/docs/community/',
    cta: 'Join the community',
  },
];

/** The home page: what AnswerAI is, and a path into the docs for each audience. */
export default function Home(): ReactNode {
  return (
    <Layout
      title="Documentation"
      description="Documentation for AnswerAI, the no-code builder of AI assistants called sidekicks: chat, Sidekick Studio, knowledge bases, developer guides and the REST API.">
      {/* One main landmark for the whole page: a <header> outside it was a second banner beside the announcement bar. */}
      <main>
        <header className={styles.hero}>
          <div className="container">
            <Heading as="h1" className={styles.heroTitle}>
              Build AI sidekicks that know your work
            </Heading>
            <p className={styles.heroText}>
              AnswerAI is a no-code builder of AI assistants. Connect a chat model to your documents, tools and data on
              a visual canvas, share the result with your team as a sidekick, and call it from any app through the REST
              API.
            </p>
            <div className={styles.actions}>
              <Link className="button button--primary button--lg" to="/docs/intro">
                Get started
              </Link>
              <Link className="button button--secondary button--lg" to="/docs/api/">
                API reference
              </Link>
            </div>
          </div>
        </header>
        <div className="container margin-vert--xl">
          <Heading as="h2" className={styles.sectionTitle}>
            Find your way in
          </Heading>
          <AudienceCards audiences={audiences} />
        </div>
      </main>
    </Layout>
  );
}
