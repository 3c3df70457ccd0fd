import { useId, useState } from 'react';
import { READ_MORE_LIMIT, truncateText } from '../text/text';

export interface ReadMoreProps {
  text: string;
  limit?: number;
  className?: string;
  /** the toggle's words: "Read more" / "Show less" unless given (review cards: "Show More" / "Show Less") */
  moreLabel?: string;
  lessLabel?: string;
}

/** Plain text cut at 220 characters with a Read more / Show less toggle; short text shows whole. */
export function ReadMore({ text, limit = READ_MORE_LIMIT, className, moreLabel = 'Read more', lessLabel = 'Show less' }: ReadMoreProps) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const short = truncateText(text, limit);
  if (!short.truncated) return <p className={className}>{text}</p>;
  return (
    <div className="content-read-more">
      <p id={id} className={className}>
        {expanded ? text : short.text}
      </p>
      <button type="button" className="sf-button sf-button--link content-read-more__toggle" aria-expanded={expanded} aria-controls={id} onClick={() => setExpanded((open) => !open)}>
        {expanded ? lessLabel : moreLabel}
      </button>
    </div>
  );
}
