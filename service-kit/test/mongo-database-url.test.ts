import { mongoDatabaseUrl } from '../testing';

describe('a test database URL from MONGO_URL', () => {
  const saved = process.env.MONGO_URL;
  afterAll(() => {
    process.env.MONGO_URL = saved;
  });

  it.each([
    ['mongodb://127.0.0.1:27017', 'mongodb://127.0.0.1:27017/t_db'],
    ['mongodb://127.0.0.1:27017/', 'mongodb://127.0.0.1:27017/t_db'],
    ['mongodb://localhost:32768/?directConnection=true', 'mongodb://localhost:32768/t_db?directConnection=true'],
    ['mongodb://u:p@m-0:27017,m-1:27017/?replicaSet=rs0&retryWrites=true', 'mongodb://u:p@m-0:27017,m-1:27017/t_db?replicaSet=rs0&retryWrites=true'],
  ])('puts the database of %s into the path, before its options', (base, expected) => {
    process.env.MONGO_URL = base;
    expect(mongoDatabaseUrl('t_db')).toBe(expected);
  });
});
