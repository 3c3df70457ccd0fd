// An async boundary: shared modules (React, the router...) are negotiated before any app code runs.
import('./bootstrap');
