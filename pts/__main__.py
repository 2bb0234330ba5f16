from pts.cli import main

raise SystemExit(main())
