import { startService } from '@bb/service-kit';
import { bookingEnvShape } from './config';
import { wire } from './wire';

void startService('booking', bookingEnvShape, wire);
