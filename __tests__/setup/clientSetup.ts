import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// The suite shares two cores with the API tests: give async queries room before failing.
configure({ asyncUtilTimeout: 5000 });
