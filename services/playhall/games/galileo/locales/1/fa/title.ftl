galileo-name = گالیله گالیله
