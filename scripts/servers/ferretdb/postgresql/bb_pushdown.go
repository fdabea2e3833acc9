package postgresql

import (
	"strings"
	"time"

	"github.com/FerretDB/FerretDB/internal/backends/postgresql/metadata"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// bbFilterIn pushes {k: {$in: [plain values]}} down as an OR of the containments an equality
// uses, or returns "" when a value is not plain (null, a document, an array, a regex…). It is
// a superset of the matches, like every pushdown: FerretDB filters each document again in
// memory. Added by the project's launcher (scripts/servers/ferretdb/patch.mjs).
func bbFilterIn(p *metadata.Placeholder, k any, v any, operator string) (string, []any) {
	arr, ok := v.(*types.Array)
	if !ok || arr.Len() == 0 || arr.Len() > 1000 {
		return "", nil
	}
	for i := 0; i < arr.Len(); i++ {
		switch must.NotFail(arr.Get(i)).(type) {
		case float64, string, types.ObjectID, bool, time.Time, int32, int64:
		default:
			return "", nil
		}
	}
	ors := make([]string, 0, arr.Len())
	var args []any
	for i := 0; i < arr.Len(); i++ {
		f, a := filterEqual(p, k, must.NotFail(arr.Get(i)), operator)
		ors = append(ors, f)
		args = append(args, a...)
	}
	return "(" + strings.Join(ors, " OR ") + ")", args
}
