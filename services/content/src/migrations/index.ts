import { CreateReviews1795300000000 } from './1795300000000-create-reviews.js';
import { ReviewProfilePicture1795400000000 } from './1795400000000-review-profile-picture.js';
import { CreateSearchDocuments1795410000000 } from './1795410000000-create-search-documents.js';
import { CreateCatalog1795420000000 } from './1795420000000-create-catalog.js';
import { ReviewHalfStarRatings1795430000000 } from './1795430000000-review-half-star-ratings.js';
import { SearchNamesCategories1795440000000 } from './1795440000000-search-names-categories.js';

/** The content schema's migrations, oldest first: what the service runs or checks at start and `node dist/migrate.js` runs. */
export const CONTENT_MIGRATIONS = [CreateReviews1795300000000, ReviewProfilePicture1795400000000, CreateSearchDocuments1795410000000, CreateCatalog1795420000000, ReviewHalfStarRatings1795430000000, SearchNamesCategories1795440000000];
