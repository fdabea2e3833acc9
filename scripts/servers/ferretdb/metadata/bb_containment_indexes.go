package metadata

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// FerretDB pushes an equality down as jsonb containment (_jsonb->'f' @> value), which its
// btree expression indexes cannot serve. Beside each index it makes, these GIN indexes on the
// same expressions can. Added by the project's launcher (scripts/servers/ferretdb/patch.mjs).

// bbPlainPath is a field or dotted path of letters, digits, _ and $ only: safe inside SQL quotes.
var bbPlainPath = regexp.MustCompile(`^[A-Za-z0-9_$]+(\.[A-Za-z0-9_$]+)*$`)

// bbContainmentIndexName is the name of the GIN companion of field i of a FerretDB index.
func bbContainmentIndexName(pgIndex string, i int) string {
	suffix := fmt.Sprintf("_g%d", i)
	if len(pgIndex)+len(suffix) > maxIndexNameLength {
		pgIndex = pgIndex[:maxIndexNameLength-len(suffix)]
	}
	return pgIndex + suffix
}

// bbCreateContainmentIndexes adds a GIN index per field of an index, on the expression the
// pushdown uses: -> for a top-level field, #> for a dotted path.
func bbCreateContainmentIndexes(ctx context.Context, p *pgxpool.Pool, dbName, tableName string, index *IndexInfo) error {
	for i, key := range index.Key {
		if !bbPlainPath.MatchString(key.Field) {
			continue // a field name that needs quoting: left to a scan, as before
		}
		fs := strings.Split(key.Field, ".")
		expr := fmt.Sprintf("%s->'%s'", DefaultColumn, fs[0])
		if len(fs) > 1 {
			expr = fmt.Sprintf("%s#>'{%s}'", DefaultColumn, strings.Join(fs, ","))
		}
		q := fmt.Sprintf(
			"CREATE INDEX IF NOT EXISTS %s ON %s USING gin ((%s))",
			pgx.Identifier{bbContainmentIndexName(index.PgIndex, i)}.Sanitize(),
			pgx.Identifier{dbName, tableName}.Sanitize(),
			expr,
		)
		if _, err := p.Exec(ctx, q); err != nil {
			return err
		}
	}
	return nil
}

// bbDropContainmentIndexes drops the GIN companions of an index.
func bbDropContainmentIndexes(ctx context.Context, p *pgxpool.Pool, dbName string, index *IndexInfo) error {
	for i := range index.Key {
		q := fmt.Sprintf("DROP INDEX IF EXISTS %s", pgx.Identifier{dbName, bbContainmentIndexName(index.PgIndex, i)}.Sanitize())
		if _, err := p.Exec(ctx, q); err != nil {
			return err
		}
	}
	return nil
}
