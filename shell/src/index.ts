// Styles belong to the entry chunk, so the built index.html links them: the first paint is styled.
import '@storefront/ui/styles.css';
import './shell.css';
import './chrome/search/search.css';

// An async boundary: shared modules (React, the router...) are negotiated before any app code runs.
import('./bootstrap');
