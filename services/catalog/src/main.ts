import { startService } from '@bb/service-kit';
import { catalogEnvShape } from './config';
import { wire } from './wire';

void startService('catalog', catalogEnvShape, wire);
