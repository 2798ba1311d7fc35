import { usePasswordHashCost } from '../../server/marketplace/services/identity/passwords';

// The suite's in-process marketplaces hash new passwords at the cost the suite's servers are given
// (PASSWORD_HASH_COST in vite.config.ts; decision 049).
usePasswordHashCost(Number(process.env.PASSWORD_HASH_COST));
