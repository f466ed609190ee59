// The embedded store's handle on better-sqlite3, built so that no native wrapper is ever garbage-collected.
//
// better-sqlite3's Database and Statement are node::ObjectWrap objects. From Node 24.19 on, ObjectWrap's
// destructor unregisters an environment cleanup hook, and when V8 collects a wrapper during a garbage
// collection that runs with no context entered, Node aborts the whole process with
// "Assertion failed: (env) != nullptr" in RemoveEnvironmentCleanupHook (nodejs/node#65446; better-sqlite3
// built against those headers aborts on every 24.x runtime). Kysely prepares a new statement for every query,
// so on such a build the server aborted within seconds of starting.
//
// The handle therefore keeps every wrapper reachable for the life of the process: a statement is prepared
// once per SQL text and reused (the store's SQL texts are a bounded set: the longest IN list is 500 ids, so a
// few hundred texts at most), and every database opened stays referenced after it is closed (closing
// finalizes its statements and frees SQLite's memory; only the small JS wrappers remain). At exit, Node's
// environment cleanup deletes them with a context entered, which is safe.
import Database from 'better-sqlite3';

/** Every handle ever opened in this process: referenced so that none of its wrappers is ever collected. */
const opened: SqliteHandle[] = [];

export class SqliteHandle {
  readonly database: Database.Database;
  private readonly statements = new Map<string, Database.Statement>();

  private constructor(database: Database.Database) {
    this.database = database;
  }

  static open(file: string): SqliteHandle {
    const handle = new SqliteHandle(new Database(file));
    opened.push(handle);
    return handle;
  }

  /** The statement for this SQL text, prepared on first use and kept. */
  prepare(sqlText: string): Database.Statement {
    let stmt = this.statements.get(sqlText);
    if (stmt === undefined) {
      stmt = this.database.prepare(sqlText);
      this.statements.set(sqlText, stmt);
    }
    return stmt;
  }

  /** Runs a PRAGMA through a kept statement (better-sqlite3's own pragma() prepares a fresh one each time). */
  pragma(source: string): void {
    const stmt = this.prepare(`PRAGMA ${source}`);
    if (stmt.reader) stmt.all();
    else stmt.run();
  }

  /** Kysely's SqliteDialect view: every query goes through the kept statements. */
  kyselyDatabase(): { prepare(sqlText: string): Database.Statement; close(): void } {
    return { prepare: (sqlText) => this.prepare(sqlText), close: () => this.database.close() };
  }

  /** How many statements this handle keeps (tests check the set stays bounded). */
  get statementCount(): number {
    return this.statements.size;
  }
}
