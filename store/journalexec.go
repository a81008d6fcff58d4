package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/ncruces/go-sqlite3"
)

// exec runs an exec request's statement, or an ExecAll request's
// statements in order. Any error fails the whole transaction, so an
// ExecAll's statements are committed all or none.
func (w *rawWriter) exec(r *request) error {
	if r.stmts == nil {
		return w.exec1(r.query, r.args)
	}
	for _, s := range r.stmts {
		if err := w.exec1(s.query, s.args); err != nil {
			return err
		}
	}
	return nil
}

// exec1 runs one statement, preparing it the first time.
func (w *rawWriter) exec1(query string, args []any) error {
	st, ok := w.execs[query]
	if !ok {
		var tail string
		var err error
		st, tail, err = w.c.Prepare(query)
		if err != nil {
			return fmt.Errorf("store: exec: %w", err)
		}
		if st == nil || strings.TrimSpace(tail) != "" {
			if st != nil {
				st.Close()
			}
			return errors.New("store: exec: the query must be exactly one statement")
		}
		w.execs[query] = st
	}
	if err := bindArgs(st, args); err != nil {
		st.ClearBindings()
		return fmt.Errorf("store: exec: %w", err)
	}
	err := st.Exec()
	// Bound text and blobs are copies, but drop them anyway so a large
	// argument is not kept until the statement's next use.
	st.ClearBindings()
	if err != nil {
		return fmt.Errorf("store: exec: %w", err)
	}
	return nil
}

// bindArgs binds the arguments of exec, in order, to st's parameters.
func bindArgs(st *sqlite3.Stmt, args []any) error {
	if n := st.BindCount(); n != len(args) {
		return fmt.Errorf("the statement has %d parameters; %d arguments given", n, len(args))
	}
	for i, a := range args {
		p := i + 1
		var err error
		switch v := a.(type) {
		case nil:
			err = st.BindNull(p)
		case int:
			err = st.BindInt64(p, int64(v))
		case int64:
			err = st.BindInt64(p, v)
		case bool:
			err = st.BindBool(p, v)
		case float64:
			err = st.BindFloat(p, v)
		case string:
			err = st.BindText(p, v)
		case json.RawMessage:
			if v == nil {
				err = st.BindNull(p)
			} else {
				err = st.BindRawText(p, v)
			}
		case []byte:
			if v == nil {
				err = st.BindNull(p)
			} else {
				err = st.BindBlob(p, v)
			}
		default:
			return fmt.Errorf("argument %d: type %T is not one of nil, int, int64, bool, float64, string, []byte, json.RawMessage", p, a)
		}
		if err != nil {
			return fmt.Errorf("argument %d: %w", p, err)
		}
	}
	return nil
}

// bindJSON binds JSON as text, or NULL when there is none.
func bindJSON(st *sqlite3.Stmt, i int, raw json.RawMessage) {
	if raw == nil {
		st.BindNull(i)
		return
	}
	st.BindRawText(i, raw)
}
