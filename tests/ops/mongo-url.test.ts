import { callEsm } from './support/esm';

// scripts/lib/mongo-url.mjs: the launchers give each service its database on the one server,
// whatever form the server's base URL takes.
const mongoUrlFor = (base: string, db: string) => callEsm('scripts/lib/mongo-url.mjs', 'mongoUrlFor', [[base, db]])[0];

describe('mongoUrlFor', () => {
  it.each([
    ['mongodb://127.0.0.1:27017', 'mongodb://127.0.0.1:27017/stack_auth'],
    ['mongodb://127.0.0.1:27017/', 'mongodb://127.0.0.1:27017/stack_auth'],
    ['mongodb://127.0.0.1:27017//', 'mongodb://127.0.0.1:27017/stack_auth'],
    ['mongodb://127.0.0.1:32768/?directConnection=true', 'mongodb://127.0.0.1:32768/stack_auth?directConnection=true'],
    ['mongodb://127.0.0.1:32768?directConnection=true', 'mongodb://127.0.0.1:32768/stack_auth?directConnection=true'],
    ['mongodb://u:p%40ss@a:1,b:2,c:3/?replicaSet=rs0&retryWrites=true', 'mongodb://u:p%40ss@a:1,b:2,c:3/stack_auth?replicaSet=rs0&retryWrites=true'],
    ['mongodb+srv://u:p@cluster.example.com/?authSource=admin', 'mongodb+srv://u:p@cluster.example.com/stack_auth?authSource=admin'],
  ])('puts the database of %s before its options', (base, expected) => {
    expect(mongoUrlFor(base, 'stack_auth')).toEqual({ value: expected });
  });

  it('refuses a base URL that already names a database, without printing its password', () => {
    expect(mongoUrlFor('mongodb://root:s3cret@h:27017/admin?authSource=admin', 'stack_auth')).toEqual({
      error: 'the MongoDB base URL must name no database (each service gets its own): mongodb://root:***@h:27017/admin?authSource=admin',
    });
  });

  it('refuses what is not a MongoDB URL, and a database name MongoDB would refuse', () => {
    expect(mongoUrlFor('postgres://h:5432', 'stack_auth')).toEqual({ error: 'not a MongoDB URL: postgres://h:5432' });
    expect(mongoUrlFor('mongodb://h:27017', 'stack.auth')).toEqual({ error: 'not a MongoDB database name: "stack.auth"' });
    expect(mongoUrlFor('mongodb://h:27017', '')).toEqual({ error: 'not a MongoDB database name: ""' });
  });
});
